export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(
  status: number,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Reply {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: bytes };
}

/** Every error, whatever its status, has the body {"error":{"code","message"}}. */
export function errorReply(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  return jsonReply(status, JSON.stringify({ error: { code, message } }), headers);
}

/** Thrown inside a handler to answer with an error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
