// The command line, built fresh per run so that tests can run many in one process.
import { Command } from 'commander';
import type { Context } from './context.ts';
import { registerChart } from './commands/chart/index.ts';
import { registerConfig } from './commands/config/index.ts';
import { registerMetrics } from './commands/metrics/index.ts';
import { registerMcp } from './commands/mcp/index.ts';
import { registerDocuments } from './commands/documents/index.ts';
import { registerSandbox } from './commands/sandbox/index.ts';
import { registerStatus } from './commands/status/index.ts';
import { registerCompletion } from './commands/completion/index.ts';
import { registerSummary } from './commands/summary/index.ts';
import { registerSync } from './commands/sync/index.ts';
import { guardConfigFile } from './config-guard.ts';
import { VERSION } from './version.ts';
import { footer, helpWidth, tidyHelp } from './help.ts';
import { errorWord } from './terminal.ts';

export function buildProgram(
  ctx: Context,
  redact: (text: string) => string,
  commandName?: string,
): Command {
  const program = new Command('healthdata');
  // Set before adding commands: subcommands inherit exitOverride and the output configuration.
  program
    .description('Read your own health data from the Personal Health Data Read API.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureHelp(tidyHelp)
    .configureOutput({
      getOutHelpWidth: () => helpWidth(ctx, false),
      getErrHelpWidth: () => helpWidth(ctx, true),
      writeOut: (text) => void ctx.stdout.write(text),
      writeErr: (text) => void ctx.stderr.write(text),
      outputError: (text, write) =>
        write(redact(usageLine(text, helpFor(program, commandName), errorWord(ctx)))),
    })
    .addHelpText(
      'after',
      footer(
        ctx,
        `
Settings are taken from a flag, else the environment (HEALTHDATA_API_KEY, HEALTHDATA_BASE_URL),
else the config file (healthdata config path). Check them with 'healthdata status'.

Exit codes: 0 ok, 1 API/network/server failure, 2 usage error, 3 authentication failure.

Examples:
  healthdata metrics --demo --metric steps_total --from 2024-01-01
  healthdata status
  healthdata metrics --from 30d -o health.csv`,
      ),
    );
  registerMetrics(program, ctx);
  registerSummary(program, ctx);
  registerChart(program, ctx);
  registerDocuments(program, ctx);
  registerSync(program, ctx);
  registerStatus(program, ctx);
  registerConfig(program, ctx);
  registerSandbox(program, ctx);
  registerMcp(program, ctx);
  registerCompletion(program, ctx);
  guardConfigFile(program, ctx);
  return program;
}

function helpFor(program: Command, name: string | undefined): string {
  const known = name !== undefined && program.commands.some((c) => c.name() === name);
  return known ? `healthdata ${name} --help` : 'healthdata --help';
}

/** commander says "error: …"; make it one line in the CLI's own voice, with a way forward. */
function usageLine(text: string, helpCommand: string, error = 'error:'): string {
  let message = text
    .trim()
    .replace(/^error:\s*/, '')
    .replace(/\s*\n\s*/g, ' ');
  // "option '--limit <n>' argument 'x' is invalid. --limit must be …": our parsers' messages
  // already name the option and the value, so they stand alone.
  const invalid = /^option '([^']*)' argument '.*' is invalid\. (.*)$/s.exec(message);
  if (invalid) {
    const [, option = '', own = ''] = invalid;
    const flag = option.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? option;
    message = own.startsWith('-') || own.startsWith('unknown') ? own : `${flag} ${own}`;
  }
  return `healthdata: ${error} ${message} (see '${helpCommand}')\n`;
}
