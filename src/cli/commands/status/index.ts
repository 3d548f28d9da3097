import { Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, addIgnoredPagerOption } from '../../flags.ts';
import type { StatusFlags } from './action.ts';

function registerStatus(program: Command, ctx: Context): void {
  const command = program
    .command('status')
    .description(statusCommand.summary)
    .addOption(
      new Option('-f, --format <format>', 'text, or json for scripts')
        .choices(['text', 'json'])
        .default('text'),
    );
  addIgnoredPagerOption(command, 'status is a few lines, never paged');
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Exit status: 0 when the API answers with your key, 3 when it rejects the key, 1 when it cannot
be reached, 2 when no base URL or key is set.

Examples:
  healthdata status
  healthdata status --demo
  healthdata status -f json | jq .plan`,
    ),
  );
  command.action(async (flags: StatusFlags) => {
    const { runStatus } = await import('./action.ts');
    await runStatus(flags, ctx);
  });
}

export const statusCommand: CommandInfo = {
  name: 'status',
  summary: 'check the setup: base URL and key (with their sources), plan, response time',
  term: '[options]',
  register: registerStatus,
};
