// A text from the data (a metric name) as an HTTP header value. A header carries no CR or LF
// (a second header or a body smuggled in) and, in undici, only Latin-1: printable ASCII goes as
// it is; anything else goes as an RFC 2047 encoded word, which ntfy decodes for its Title.
export function headerText(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(flat)) return flat;
  return `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
}
