// The API layer's errors: what the server said, what the network did, and answers the protocol
// does not allow. Each has a stable `code`; src/cli/exit-codes.ts maps its kind to an exit code.
import { HealthdataError } from '../lib/errors.ts';

/** A response the API sent with a non-success status. */
export class ApiError extends HealthdataError {
  readonly status: number;
  readonly body: string;
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, body: string, retryAfterMs?: number) {
    super(`http_${status}`, message, status === 401 ? 'auth' : 'failure');
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
    super(options.code ?? 'network', message, 'failure', { cause: options.cause });
    this.retryable = options.retryable ?? true;
  }
}

/** The server answered, but not in a way the protocol allows (bad JSON, a repeated cursor). */
export class ProtocolError extends HealthdataError {
  constructor(message: string, code = 'protocol') {
    super(code, message, 'failure');
  }
}

/** A request was aborted without a more specific reason. */
export class AbortedError extends HealthdataError {
  constructor(message = 'the request was aborted') {
    super('aborted', message, 'failure');
  }
}
