// Word wrapping for text shown at a terminal (chart titles, narrow summaries), by display
// width (CJK and emoji take two columns). A word longer than a line — a hostile server's
// 5,000-character unit — is split across lines rather than left to run past the terminal.
import { displayWidth } from './visible.ts';

/**
 * Word-wraps visible text to `width` columns; continuation lines start with `indent`. With
 * `breakWords` false, a word longer than a line (a path, a URL someone may copy) stays whole
 * on a line of its own, for the terminal to fold.
 */
export function wrap(text: string, width: number, indent: string, breakWords = true): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  const lines: string[] = [];
  let line = lead;
  let empty = true;
  for (const word of text.slice(lead.length).split(' ')) {
    const candidate = empty ? line + word : `${line} ${word}`;
    if (displayWidth(candidate) <= width) {
      line = candidate;
      empty = false;
      continue;
    }
    if (!empty) {
      lines.push(line);
      line = indent;
    }
    if (!breakWords) {
      line += word;
      empty = false;
      continue;
    }
    // The word alone from here: what does not fit goes on the next line, and the next.
    let rest = word;
    while (displayWidth(line) + displayWidth(rest) > width) {
      const room = Math.max(1, width - displayWidth(line));
      const piece = head(rest, room);
      lines.push(line + piece);
      rest = rest.slice(piece.length);
      line = indent;
    }
    line += rest;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** The longest start of `word` that fits `room` columns (at least one character). */
function head(word: string, room: number): string {
  let piece = '';
  let used = 0;
  for (const char of word) {
    const w = displayWidth(char);
    if (used + w > room && piece !== '') break;
    piece += char;
    used += w;
  }
  return piece;
}
