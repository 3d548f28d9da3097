// Errors are data: every failure the CLI reports is a HealthdataError with a stable `code` and a
// `kind` that says what went wrong in terms any layer understands. Layers above add their own
// errors (src/api/errors.ts); only src/cli/exit-codes.ts turns a kind into a process exit code.

/**
 * - usage: the user asked for something impossible; fixing the command line fixes it.
 * - auth: the API key is missing or refused.
 * - failure: the API, the network, the server or a write failed.
 * - cancelled: the run was stopped from outside (a signal, or the reader of stdout went away).
 */
export type ErrorKind = 'usage' | 'auth' | 'failure' | 'cancelled';

export class HealthdataError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;

  constructor(code: string, message: string, kind: ErrorKind, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.kind = kind;
  }
}

export class UsageError extends HealthdataError {
  constructor(message: string, code = 'usage') {
    super(code, message, 'usage');
  }
}

export class AuthError extends HealthdataError {
  constructor(message: string, code = 'auth') {
    super(code, message, 'auth');
  }
}
