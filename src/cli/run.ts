// Runs one command line and returns the exit code. Nothing here touches the real process, so
// tests call run() directly with their own streams, clock and transport.
import { CommanderError } from 'commander';
import { HealthdataError } from '../lib/errors.ts';
import { visible } from '../lib/visible.ts';
import { ExitCode, exitCodeOf } from './exit-codes.ts';
import { isPipeClosed } from '../output/destination.ts';
import type { Context } from './context.ts';
import { hoistGlobalFlags } from './global-flags.ts';
import { buildProgram } from './program.ts';
import { errorWord } from './terminal.ts';

export async function run(given: readonly string[], ctx: Context): Promise<number> {
  const argv = hoistGlobalFlags(given);
  const verbose = argv.includes('--verbose');
  const redact = secretRedactor(argv, ctx);
  const program = buildProgram(ctx, redact, argv);
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

/** Last line of defence: whatever is printed, no key given on the command line or in the environment survives. */
function secretRedactor(argv: readonly string[], ctx: Context): (text: string) => string {
  const secrets = new Set<string>();
  argv.forEach((arg, i) => {
    if (arg === '--api-key' && argv[i + 1]) secrets.add(argv[i + 1] as string);
    if (arg.startsWith('--api-key=')) secrets.add(arg.slice('--api-key='.length));
  });
  const fromEnv = ctx.env['HEALTHDATA_API_KEY'];
  if (fromEnv) secrets.add(fromEnv);
  const list = [...secrets].filter((s) => s.length >= 4);
  return (text) => list.reduce((acc, secret) => acc.split(secret).join('[REDACTED]'), text);
}
