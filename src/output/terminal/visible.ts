// Server text shown in a terminal: what src/lib/visible.ts keeps from a terminal never reaches
// it raw (an ESC from a hostile or broken server could move the cursor, retitle the window or
// hide rows; a bidi or invisible character could disguise a value), and every value stays on
// one line. Each such character becomes a visible symbol instead.
import stringWidth from 'string-width';
import { escapeOf, UNSAFE_SOURCE } from '../../lib/visible.ts';

const UNSAFE = new RegExp(UNSAFE_SOURCE);
const UNSAFE_ALL = new RegExp(String.raw`\r\n|${UNSAFE_SOURCE}`, 'g');

function symbol(match: string): string {
  if (match === '\n' || match === '\r\n' || match === '\u2028' || match === '\u2029') return '⏎';
  if (match === '\t') return '→';
  const code = match.charCodeAt(0);
  // Control pictures: ␀ … ␟ for C0 (so ESC is ␛), ␡ for DEL.
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '␡';
  // The rest (C1, bidi, invisible and tag characters) as escapes: `\u200b`, `\u{e0041}`.
  return escapeOf(match);
}

/** The text with every control character replaced by a visible symbol; one line, safe to print. */
export function visible(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, symbol) : text;
}

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** Columns the text takes in a terminal: wide (CJK, emoji) characters count 2. Text must be visible(). */
export function displayWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

/** Cut to at most `width` columns, ending with … when anything was cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text)) return text.slice(0, width - 1) + '…';
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = stringWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return out + '…';
}

/** Pad with spaces to `width` columns, on the right (left-aligned) or the left (right-aligned). */
export function pad(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = width - displayWidth(text);
  if (gap <= 0) return text;
  return align === 'left' ? text + ' '.repeat(gap) : ' '.repeat(gap) + text;
}

/** Split into pieces of at most `width` columns (for a word longer than a line: a URL, an id). */
function chunks(word: string, width: number): string[] {
  const out: string[] = [];
  let piece = '';
  let used = 0;
  for (const char of word) {
    const w = displayWidth(char);
    if (used + w > width && piece !== '') {
      out.push(piece);
      piece = '';
      used = 0;
    }
    piece += char;
    used += w;
  }
  if (piece !== '') out.push(piece);
  return out;
}

/**
 * Words laid out in lines of at most `width` columns; a word longer than a line is split, never
 * cut, so nothing is lost. Text must be visible().
 */
export function wrapWords(text: string, width: number): string[] {
  if (displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (displayWidth(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    const pieces = chunks(word, Math.max(1, width));
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (line !== '') lines.push(line);
  return lines;
}
