import { Argument, type Command } from 'commander';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, type ConnectionFlags } from '../../flags.ts';
import type { Shell } from './action.ts';

export function registerCompletion(program: Command, ctx: Context): void {
  program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      footer(
        ctx,
        `
Metric and provider names after -m/-p come from your catalog, kept for 10 minutes in
$XDG_CACHE_HOME/healthdata (else ~/.cache/healthdata).

Examples:
  echo 'source <(healthdata completion bash)' >> ~/.bashrc
  echo 'source <(healthdata completion zsh)' >> ~/.zshrc
  healthdata completion fish > ~/.config/fish/completions/healthdata.fish`,
      ),
    )
    .action(async (shell: Shell) => {
      const { runCompletion } = await import('./action.ts');
      runCompletion(shell, program, ctx);
    });
  const names = program
    .command('__complete', { hidden: true })
    .description('print metric or provider names for shell completion')
    .addArgument(new Argument('<kind>').choices(['metric', 'provider']));
  addConnectionOptions(names);
  names.action(async (kind: 'metric' | 'provider', flags: ConnectionFlags) => {
    const { runCompleteNames } = await import('./action.ts');
    await runCompleteNames(kind, flags, ctx);
  });
}
