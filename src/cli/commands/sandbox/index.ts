import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { integer } from '../../flags.ts';
import type { SandboxFlags } from './action.ts';

function fraction(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !(value >= 0 && value <= 1)) {
    throw new InvalidArgumentError(`--fail-rate must be a number from 0 to 1, not '${text}'`);
  }
  return value;
}

function registerSandbox(program: Command, ctx: Context): void {
  program
    .command('sandbox')
    .description(sandboxCommand.summary)
    .addOption(
      new Option('--port <port>', 'port to listen on (0 = any free port)')
        .default(8787)
        .argParser(integer(0, 65535, '--port')),
    )
    .option('--host <host>', 'address to bind (loopback by default)', '127.0.0.1')
    .option('--plan <plan>', 'free, basic, pro or unlimited', 'pro')
    .option(
      '--today <date>',
      "fix the sandbox's today (YYYY-MM-DD; default: today, or HEALTHDATA_TODAY)",
    )
    .addOption(
      new Option('--seed <n>', 'seed of the synthetic data')
        .default(1)
        .argParser(integer(0, 2 ** 31 - 1, '--seed')),
    )
    .addOption(
      new Option(
        '--scale <n>',
        'multiply the streamed samples, 1-100 (26: over 1,000,000 rows on --plan unlimited)',
      )
        .default(1)
        .argParser(integer(1, 100, '--scale')),
    )
    .option('--latency <ms>', 'delay every response', integer(0, 600_000, '--latency'))
    .option('--fail-rate <0..1>', 'answer this fraction of requests with 503', fraction)
    .option(
      '--rate-limit <n>',
      'allow n requests per second; more get 429 with Retry-After',
      integer(1, 1_000_000, '--rate-limit'),
    )
    .option('--compress', 'gzip responses for clients that send Accept-Encoding: gzip')
    .option(
      '--realistic',
      'serve data as real APIs do: full-precision doubles, non-ASCII names, a few numbers no double holds',
    )
    .option(
      '--notes',
      'add free-text notes on one row in eight, text CSV must quote (commas, quotes, line breaks)',
    )
    .option(
      '--users <n>',
      'serve n people, user1..userN, each with a key and data of their own',
      integer(1, 100_000, '--users'),
    )
    .option('--print-keys', 'print each "user<i><TAB><key>" of --users, and exit')
    .addHelpText(
      'after',
      footer(
        ctx,
        `
Examples:
  healthdata sandbox
  healthdata sandbox --plan free --port 0 --realistic
  healthdata sandbox --users 3 --print-keys   # the keys of user1..user3`,
      ),
    )
    .action(async (flags: SandboxFlags) => {
      const { runSandbox } = await import('./action.ts');
      await runSandbox(flags, ctx);
    });
}

export const sandboxCommand: CommandInfo = {
  name: 'sandbox',
  summary: 'run the built-in API server with synthetic demo data (Ctrl-C to stop)',
  term: '[options]',
  register: registerSandbox,
};
