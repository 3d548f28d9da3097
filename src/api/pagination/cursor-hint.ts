// Reads `next_cursor` off a page's raw text without parsing the page. Pagination uses it to send
// the request for page N+1 while page N is still being parsed, so the server works while we do.
// It is only a hint: the parsed page's cursor is checked against it, and a wrong guess costs one
// aborted request, never a wrong row.

const KEY = '"next_cursor"';
const KEY_BYTES = Buffer.from(KEY);

/**
 * The cursor as a string, null for the last page, or undefined when the body does not say
 * plainly. Given the body's bytes, only the text from the key on is decoded.
 */
export function peekNextCursor(body: string | Buffer): string | null | undefined {
  // Servers put it after `data` as a rule, so search from the end. Inside a JSON string a quote is
  // always escaped, so an unescaped `"next_cursor"` can only be a key. (In UTF-8 every byte of
  // a non-ASCII character is 0x80 or more: the key's bytes are found only where the key is.)
  if (typeof body !== 'string') {
    const at = body.lastIndexOf(KEY_BYTES);
    if (at < 0 || body.indexOf(KEY_BYTES) !== at) return undefined;
    return cursorAfterKey(body.toString('utf8', at), 0);
  }
  const at = body.lastIndexOf(KEY);
  if (at < 0 || body.indexOf(KEY) !== at) return undefined;
  return cursorAfterKey(body, at);
}

/** The value of the key that starts at `at`. */
function cursorAfterKey(text: string, at: number): string | null | undefined {
  let i = at + KEY.length;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text[i] !== ':') return undefined;
  i++;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.startsWith('null', i)) return null;
  if (text[i] !== '"') return undefined;
  const end = closingQuote(text, i + 1);
  if (end === -1) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(i, end + 1));
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The quote that ends the string whose content starts at `from`, or -1. Found with indexOf: a
 * cursor may be long (a hostile server's, tens of KB), and a loop over its characters one by
 * one cost more than the rest of a page.
 */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at !== -1; at = text.indexOf('"', at + 1)) {
    // Escaped when an odd number of backslashes comes right before it.
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
