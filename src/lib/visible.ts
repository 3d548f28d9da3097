// Server text must never drive or deceive the terminal it is shown on. This file is the one
// definition of what may not reach a terminal raw, for every view: the table and document
// symbols (src/output/terminal/visible.ts), the escapes of messages, and csv/json on a terminal.
//
// - C0 controls, DEL and C1 controls: ESC starts a sequence that can recolour, move the cursor,
//   retitle the window or hide text, and U+009B is a one-character CSI.
// - Line and paragraph separators (U+2028, U+2029): a line break the layout does not expect.
// - Bidi controls: LRM, RLM, ALM, the embeddings and overrides (LRE…RLO) and the isolates
//   (LRI…PDI) reorder what is displayed ("Trojan Source").
// - Invisible characters that hide or disguise text: soft hyphen, ZWSP, ZWNJ, ZWJ, word
//   joiner and the invisible operators, BOM, combining grapheme joiner, Hangul and Mongolian
//   fillers and separators, interlinear annotation marks, musical formatting characters, and
//   the Unicode tag characters (U+E0000–E007F), which can spell out a hidden message.
// Astral characters are matched as their surrogate pairs, so the pattern needs no `u` flag
// (faster on the per-cell hot path of tables).
// Everything but C0, which JSON escapes itself (and whose \n and \t lay JSON out).
const ABOVE_C0 =
  String.raw`[\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f` +
  String.raw`\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]` +
  String.raw`|\ud834[\udd73-\udd7a]|\udb40[\udc00-\udc7f]`;
export const UNSAFE_SOURCE = String.raw`[\u0000-\u001f]|${ABOVE_C0}`;

// eslint-disable-next-line no-misleading-character-class -- each joiner or combining mark is matched alone, on purpose
const UNSAFE = new RegExp(UNSAFE_SOURCE);
// eslint-disable-next-line no-misleading-character-class -- each joiner or combining mark is matched alone, on purpose
const UNSAFE_ALL = new RegExp(UNSAFE_SOURCE, 'g');

/** True when the text holds any character this file keeps from a terminal. */
export function hasUnsafe(text: string): boolean {
  return UNSAFE.test(text);
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/** `\u200b`, or `\u{e0041}` for a character outside the BMP (a tag character). */
export function escapeOf(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Server text in a message: every unsafe character as a visible escape (`\e`, `\u200b`). */
export function visible(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, (ch) => NAMED[ch] ?? escapeOf(ch)) : text;
}

/** As visible(), but keeps line breaks and tabs: for a whole csv or tsv text on a terminal. */
export function visibleKeepingLayout(text: string): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE_ALL, (ch) =>
    ch === '\n' || ch === '\t' ? ch : (NAMED[ch] ?? escapeOf(ch)),
  );
}

/**
 * For json and ndjson on a terminal: every unsafe character JSON.stringify leaves raw, as
 * JSON's own \u escapes (a tag character as its surrogate pair). They occur only inside
 * strings (JSON's structure is ASCII), where the escape means the same character, so the text
 * stays the same JSON; control characters below U+0020 are escaped already.
 */
export function visibleJson(text: string): string {
  return JSON_RAW.test(text) ? text.replace(JSON_RAW_ALL, jsonEscape) : text;
}

// eslint-disable-next-line no-misleading-character-class -- each joiner or combining mark is matched alone, on purpose
const JSON_RAW = new RegExp(ABOVE_C0);
// eslint-disable-next-line no-misleading-character-class -- each joiner or combining mark is matched alone, on purpose
const JSON_RAW_ALL = new RegExp(ABOVE_C0, 'g');

function jsonEscape(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}
