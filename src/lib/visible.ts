// Server text (an error body, an HTML excerpt) shown in a message must not drive the terminal:
// an escape sequence could recolour it, move the cursor, retitle the window or hide text.
// Control characters are shown as visible escapes instead, as JSON would write them.

// C0 controls except none, DEL, C1 controls, and the Unicode line/paragraph separators and
// bidi overrides, which can reorder what is displayed.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

export function visible(text: string): string {
  return text.replace(
    CONTROL,
    (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** As visible(), but keeps line breaks and tabs: for a whole csv or tsv text on a terminal. */
export function visibleKeepingLayout(text: string): string {
  return text.replace(CONTROL, (ch) =>
    ch === '\n' || ch === '\t'
      ? ch
      : (NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

// What JSON.stringify leaves raw that a terminal may act on: DEL, the C1 controls (U+009B is a
// one-character CSI), the line/paragraph separators and the bidi overrides.
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * For json and ndjson on a terminal: those characters as JSON's own \u escapes. They can occur
 * only inside strings (JSON's structure is ASCII), where the escape means the same character,
 * so the text stays the same JSON; control characters below U+0020 are escaped already.
 */
export function visibleJson(text: string): string {
  return text.replace(JSON_RAW, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
