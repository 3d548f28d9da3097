// The process's side of errors: which exit code each kind of failure gets. Layers below only
// say what went wrong (HealthdataError.kind); this is the one place that knows the numbers.
import { isPipeClosed } from '../output/destination.ts';
import { HealthdataError, type ErrorKind } from '../lib/errors.ts';
import { SignalError } from './signal-error.ts';

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  /** 128 + the signal number, as shells report it. */
  sigint: 130,
  sigterm: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

const BY_KIND: Record<ErrorKind, ExitCode> = {
  usage: ExitCode.usage,
  auth: ExitCode.auth,
  failure: ExitCode.failure,
  // A reader that went away (`| head`) is not a failure; a signal is handled below.
  cancelled: ExitCode.ok,
};

export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof SignalError) {
    return error.signal === 'SIGINT' ? ExitCode.sigint : ExitCode.sigterm;
  }
  if (isPipeClosed(error)) return ExitCode.ok;
  if (error instanceof HealthdataError) return BY_KIND[error.kind];
  return ExitCode.failure;
}
