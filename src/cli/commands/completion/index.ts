import { Argument, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, type ConnectionFlags } from '../../flags.ts';
import type { Shell } from './action.ts';
import type { DynamicKind } from './model.ts';

function registerCompletion(program: Command, ctx: Context): void {
  program
    .command('completion')
    .description(completionCommand.summary)
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      footer(
        ctx,
        `
Metric and provider names after -m/-p come from your catalog, kept for 10 minutes in
$XDG_CACHE_HOME/healthdata (else ~/.cache/healthdata), per profile: --profile on the line
chooses whose names. They are offered quoted, as literal words: nothing in them is run.

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
}

function registerCompleteNames(program: Command, ctx: Context): void {
  const names = program
    .command('__complete', { hidden: true })
    .description(completeNamesCommand.summary)
    .addArgument(new Argument('<kind>').choices(['metric', 'provider', 'profile']));
  addConnectionOptions(names);
  names.action(async (kind: DynamicKind, flags: ConnectionFlags) => {
    const { runCompleteNames } = await import('./action.ts');
    await runCompleteNames(kind, flags, ctx);
  });
}

export const completionCommand: CommandInfo = {
  name: 'completion',
  summary: 'print the shell completion script for bash, zsh or fish',
  term: '<shell>',
  register: registerCompletion,
};

/** What the scripts call for metric and provider names. */
export const completeNamesCommand: CommandInfo = {
  name: '__complete',
  summary: 'print metric, provider or profile names for shell completion',
  term: '[options] <kind>',
  hidden: true,
  register: registerCompleteNames,
};
