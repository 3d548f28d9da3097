// The command line, built fresh per run so that tests can run many in one process.
import { Command, Help } from 'commander';
import type { CommandInfo } from './command-info.ts';
import type { Context } from './context.ts';
import { chartCommand } from './commands/chart/index.ts';
import { configCommand } from './commands/config/index.ts';
import { metricsCommand } from './commands/metrics/index.ts';
import { mcpCommand } from './commands/mcp/index.ts';
import { documentCommands } from './commands/documents/index.ts';
import { sandboxCommand } from './commands/sandbox/index.ts';
import { statusCommand } from './commands/status/index.ts';
import { completeNamesCommand, completionCommand } from './commands/completion/index.ts';
import { summaryCommand } from './commands/summary/index.ts';
import { dailyCommand } from './commands/daily/index.ts';
import { anomaliesCommand } from './commands/anomalies/index.ts';
import { compareCommand } from './commands/compare/index.ts';
import { correlateCommand } from './commands/correlate/index.ts';
import { reportCommand } from './commands/report/index.ts';
import { syncCommand } from './commands/sync/index.ts';
import { mqttCommand } from './commands/mqtt/index.ts';
import { alertsCommand } from './commands/alerts/index.ts';
import { guardConfigFile } from './config-guard.ts';
import { VERSION } from './version.ts';
import { footer, helpWidth, tidyHelp } from './help.ts';
import { errorWord } from './terminal.ts';

/** Every command, in the order the top-level help lists them. */
export const COMMANDS: readonly CommandInfo[] = [
  metricsCommand,
  summaryCommand,
  dailyCommand,
  chartCommand,
  anomaliesCommand,
  compareCommand,
  correlateCommand,
  reportCommand,
  ...documentCommands,
  syncCommand,
  mqttCommand,
  alertsCommand,
  statusCommand,
  configCommand,
  sandboxCommand,
  mcpCommand,
  completionCommand,
  completeNamesCommand,
];

/**
 * The program for one command line: the command it runs is built in full, the others only as
 * far as the top-level help lists them; `completion` builds them all, as its scripts list
 * every option.
 */
export function buildProgram(
  ctx: Context,
  redact: (text: string) => string,
  argv: readonly string[],
): Command {
  const commandName = argv[0];
  const program = new Command('healthdata');
  const listed = new WeakMap<Command, string>();
  // Set before adding commands: subcommands inherit exitOverride and the output configuration.
  program
    .description('Read your own health data from the Personal Health Data Read API.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureHelp({
      ...tidyHelp,
      subcommandTerm(this: Help, command: Command): string {
        const term = listed.get(command);
        return term === undefined ? Help.prototype.subcommandTerm.call(this, command) : term;
      },
    })
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
else the config file (healthdata config path). Several people each get a named profile in that
file: --profile NAME or HEALTHDATA_PROFILE=NAME picks one (healthdata config profiles). Check
the settings with 'healthdata status'.

Exit codes: 0 ok, 1 API/network/server failure, 2 usage error, 3 authentication failure,
130/143 stopped by Ctrl-C or SIGTERM.

Examples:
  healthdata metrics --demo --metric steps_total --from 90d
  healthdata status
  healthdata metrics --from 30d -o health.csv`,
      ),
    );
  const buildAll = commandName === completionCommand.name;
  const running = argv[0] === 'help' ? argv[1] : commandName;
  for (const info of COMMANDS) {
    if (buildAll || info.name === running) {
      info.register(program, ctx);
    } else {
      const stub = program
        .command(info.name, info.hidden === true ? { hidden: true } : {})
        .description(info.summary);
      listed.set(stub, `${info.name} ${info.term}`.trim());
    }
  }
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
