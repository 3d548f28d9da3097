// Reads `next_cursor` off a page's raw text without parsing the page. Pagination uses it to send
// the request for page N+1 while page N is still being parsed, so the server works while we do.
// It is only a hint: the parsed page's cursor is checked against it, and a wrong guess costs one
// aborted request, never a wrong row.

const KEY = '"next_cursor"';

/** The cursor as a string, null for the last page, or undefined when the text does not say plainly. */
export function peekNextCursor(text: string): string | null | undefined {
  // Servers put it after `data` as a rule, so search from the end. Inside a JSON string a quote is
  // always escaped, so an unescaped `"next_cursor"` can only be a key.
  const at = text.lastIndexOf(KEY);
  if (at < 0 || text.indexOf(KEY) !== at) return undefined;
  let i = at + KEY.length;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text[i] !== ':') return undefined;
  i++;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.startsWith('null', i)) return null;
  if (text[i] !== '"') return undefined;
  let end = i + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  if (end >= text.length) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(i, end + 1));
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
