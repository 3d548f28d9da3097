// Errors are data: every failure the CLI reports is a HealthdataError with a stable `code`
// and the process exit code it maps to. Only src/cli/main.ts turns them into an exit.

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

export class HealthdataError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;

  constructor(code: string, message: string, exitCode: ExitCode, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.exitCode = exitCode;
  }
}

export class UsageError extends HealthdataError {
  constructor(message: string, code = 'usage') {
    super(code, message, ExitCode.usage);
  }
}

export class AuthError extends HealthdataError {
  constructor(message: string, code = 'auth') {
    super(code, message, ExitCode.auth);
  }
}

/** A response the API sent with a non-success status. */
export class ApiError extends HealthdataError {
  readonly status: number;
  readonly body: string;
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, body: string, retryAfterMs?: number) {
    super(`http_${status}`, message, status === 401 ? ExitCode.auth : ExitCode.failure);
    this.status = status;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The connection failed, reset, or timed out before a complete response arrived. */
export class NetworkError extends HealthdataError {
  readonly retryable: boolean;

  constructor(
    message: string,
    options: { code?: string; cause?: unknown; retryable?: boolean } = {},
  ) {
    super(options.code ?? 'network', message, ExitCode.failure, { cause: options.cause });
    this.retryable = options.retryable ?? true;
  }
}

/** The server answered, but not in a way the protocol allows (bad JSON, a repeated cursor). */
export class ProtocolError extends HealthdataError {
  constructor(message: string, code = 'protocol') {
    super(code, message, ExitCode.failure);
  }
}

/** The run was stopped by SIGINT or SIGTERM. */
export class SignalError extends HealthdataError {
  readonly signal: 'SIGINT' | 'SIGTERM';

  constructor(signal: 'SIGINT' | 'SIGTERM') {
    super(
      'signal',
      `stopped by ${signal}`,
      signal === 'SIGINT' ? ExitCode.sigint : ExitCode.sigterm,
    );
    this.signal = signal;
  }
}

/** A request was aborted without a more specific reason. */
export class AbortedError extends HealthdataError {
  constructor(message = 'the request was aborted') {
    super('aborted', message, ExitCode.failure);
  }
}
