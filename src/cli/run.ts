// Runs one command line and returns the exit code. Nothing here touches the real process, so
// tests call run() directly with their own streams, clock and transport.
import { CommanderError } from 'commander';
import { clockFor } from '../lib/clock.ts';
import { HealthdataError } from '../lib/errors.ts';
import { visible } from '../lib/visible.ts';
import { Secrets } from '../lib/secrets.ts';
import { ExitCode, exitCodeOf } from './exit-codes.ts';
import { isPipeClosed } from '../output/destination.ts';
import { withFields, type Context } from './context.ts';
import { hoistGlobalFlags } from './global-flags.ts';
import { buildProgram } from './program.ts';
import { errorWord } from './terminal.ts';

export async function run(given: readonly string[], edge: Context): Promise<number> {
  const argv = hoistGlobalFlags(given);
  const verbose = argv.includes('--verbose');
  const secrets = runSecrets(argv, edge);
  const redact = secrets.redact;
  let ctx: Context;
  try {
    ctx = withFields(edge, { clock: clockFor(edge.clock, edge.env['HEALTHDATA_TODAY']) });
  } catch (error) {
    return report(error, edge, verbose, redact);
  }
  const program = buildProgram(withFields(ctx, { secrets }), redact, argv);
  // A bare `healthdata` is a usage error (exit 2, as before), shown as the full help with its
  // footer; on stderr, so a script that forgot its command gets nothing on stdout.
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return ExitCode.usage;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    return report(error, ctx, verbose, redact);
  }
}

function report(
  error: unknown,
  ctx: Context,
  verbose: boolean,
  redact: (text: string) => string,
): number {
  // commander already printed its message (help, version, or a usage error).
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  // A signal wins over everything, a closed pipe included: the user asked to stop.
  const reason: unknown = ctx.signal.aborted ? ctx.signal.reason : error;
  // The reader of stdout (or stderr) went away (`| head`): not a failure, and nothing to say.
  if (isPipeClosed(reason)) return ExitCode.ok;
  const print = (text: string): void => void ctx.stderr.write(redact(text));
  const error_ = errorWord(ctx);
  if (reason instanceof HealthdataError) {
    const code = exitCodeOf(reason);
    // One line, and whatever server text it quotes cannot drive the terminal.
    print(`healthdata: ${code >= 128 ? '' : `${error_} `}${visible(reason.message)}\n`);
    if (verbose && reason.stack) print(`${reason.stack}\n`);
    return code;
  }
  const message = reason instanceof Error ? reason.message : String(reason);
  print(
    `healthdata: ${error_} unexpected failure: ${message}${verbose ? '' : ' (run with --verbose for details)'}\n`,
  );
  if (verbose && reason instanceof Error && reason.stack) print(`${reason.stack}\n`);
  return ExitCode.failure;
}

/**
 * The run's secrets: a key given on the command line or in the environment from the start;
 * every secret of the config file and the key in use are added as they are read
 * (config-guard.ts, connect-client.ts), so every message and body is redacted whatever the
 * key's source, and whoever's key a server echoes.
 */
function runSecrets(argv: readonly string[], ctx: Context): Secrets {
  const secrets = new Secrets();
  argv.forEach((arg, i) => {
    if (arg === '--api-key') secrets.add(argv[i + 1]);
    if (arg.startsWith('--api-key=')) secrets.add(arg.slice('--api-key='.length));
  });
  secrets.add(ctx.env['HEALTHDATA_API_KEY']);
  return secrets;
}
