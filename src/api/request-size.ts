// A request line has a bound too. Servers refuse long ones anyway (Node's limit on a request's
// head is 16 KiB, nginx's default 8 KiB), and a name or cursor of megabytes must never be sent:
// a metric name given by mistake is a usage error naming the limit, and a server whose cursor
// would make the next request too long has ended its own pagination (exit 1).
import { UsageError } from '../lib/errors.ts';
import { byteSize } from '../lib/sizes.ts';
import { ProtocolError } from './errors.ts';

/** The most a request's path and query may take, percent-encoded, in bytes. */
export const MAX_REQUEST_TARGET = 32 * 1024;

const LIMIT = `${MAX_REQUEST_TARGET / 1024} KiB`;

/** A value's length once in a query string, as URLSearchParams encodes it. */
export function encodedLength(value: string): number {
  return new URLSearchParams({ v: value }).toString().length - 2;
}

/**
 * Why names given on the command line cannot be sent, or undefined when they fit: checked as
 * they are parsed, before anything is sent or quoted in another message.
 */
export function namesTooLong(names: readonly string[]): string | undefined {
  // Each name costs its parameter too (`&provider=` is the longest).
  const total = names.reduce((sum, name) => sum + encodedLength(name) + 10, 0);
  if (total <= MAX_REQUEST_TARGET) return undefined;
  return `names take ${byteSize(total)} in a request, over the ${LIMIT} a request may be — ask for fewer or shorter names`;
}

/** Throws when a request's path and query are over the bound; `cursor` is the one it carries. */
export function checkRequestTarget(url: URL, cursor: string | undefined): void {
  const length = url.pathname.length + url.search.length;
  if (length <= MAX_REQUEST_TARGET) return;
  const cursorLength = cursor === undefined ? 0 : encodedLength(cursor);
  if (cursor !== undefined && length - cursorLength <= MAX_REQUEST_TARGET) {
    throw new ProtocolError(
      `the API sent a next_cursor of ${byteSize(Buffer.byteLength(cursor))}: the request for the next page would be ${byteSize(length)}, over the ${LIMIT} a request may be — stopping`,
      'cursor_too_long',
    );
  }
  throw new UsageError(
    `the names and dates asked for make a request of ${byteSize(length)}, over the ${LIMIT} a request may be — ask for fewer or shorter names`,
    'request_too_long',
  );
}
