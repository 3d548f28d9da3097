// Reading proven rows (canonical-proof.ts) as bytes, without decoding them. A proven row has a fixed
// shape:
//   {"date":"YYYY-MM-DD","provider":S,"metric":S,"numValue":N|null,"textValue":S|null,
//    "unit":S|null,"stream":true|false}
// so its cells are found by skipping the keys and scanning only the values. Nothing is
// allocated. In UTF-8 every byte of a non-ASCII character is 0x80 or above, so a `"`, `\` or
// `,` byte is that character. A quote inside a string is always escaped (`\"`), so a string
// ends at the first quote not preceded by an escaping backslash.
import type { ByteNames } from './name-table.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const NULL = 0x6e; // 'n'
const TRUE = 0x74; // 't'

/** Offsets in a row, from its first byte (`{`) to the date's first digit. */
export const DATE_AT = '{"date":"'.length;
/** From the row's `{` to the provider's first byte. */
export const PROVIDER_AT = DATE_AT + 10 + '","provider":"'.length;
// Each from the previous value's closing quote (or the number's end).
/** From the provider's closing quote to the metric's first byte. */
export const METRIC_AFTER = '","metric":"'.length;
const NUM_AFTER = '","numValue":'.length;
const TEXT_AFTER = ',"textValue":'.length;
const UNIT_AFTER = ',"unit":'.length;
const STREAM_AFTER = ',"stream":'.length;

// Where readRow puts each offset. A string cell is [start, end) of its content (no quotes); a
// null textValue or unit is an empty range; a null numValue has NUM = -1.
export const PROVIDER = 0;
export const PROVIDER_END = 1;
export const METRIC = 2;
export const METRIC_END = 3;
export const NUM = 4;
export const NUM_END = 5;
export const TEXT = 6;
export const TEXT_END = 7;
export const UNIT = 8;
export const UNIT_END = 9;
/** 1 when `stream` is true, else 0. */
export const STREAM = 10;
/** The row's closing brace. The next row, if any, starts 2 bytes later (after `},`). */
export const END = 11;
/** HAS_ESCAPE and HAS_COMMA, for all of the row's strings. */
export const FLAGS = 12;
const CELL_COUNT = 13;

/** Some string of the row holds an escape: its bytes are not its characters. */
export const HAS_ESCAPE = 1;
/** Some string of the row holds a comma. */
export const HAS_COMMA = 2;

export type RowCells = Int32Array;

export function newRowCells(): RowCells {
  return new Int32Array(CELL_COUNT);
}

/** Fills `cells` for the proven row that starts at `at`. */
export function readRow(src: Uint8Array, at: number, cells: RowCells): void {
  cells[FLAGS] = 0;
  let i = at + PROVIDER_AT;
  cells[PROVIDER] = i;
  i = stringEnd(src, i, cells);
  cells[PROVIDER_END] = i;
  i += METRIC_AFTER;
  cells[METRIC] = i;
  i = stringEnd(src, i, cells);
  cells[METRIC_END] = i;
  i += NUM_AFTER;
  if (src[i] === NULL) {
    cells[NUM] = -1;
    cells[NUM_END] = -1;
    i += 4;
  } else {
    cells[NUM] = i;
    while (i < src.length && src[i] !== COMMA) i++;
    cells[NUM_END] = i;
  }
  i = nullableString(src, i + TEXT_AFTER, cells, TEXT);
  i = nullableString(src, i + UNIT_AFTER, cells, UNIT);
  i += STREAM_AFTER;
  const stream = src[i] === TRUE;
  cells[STREAM] = stream ? 1 : 0;
  cells[END] = i + (stream ? 4 : 5);
}

/** A string or null at `i`: its range into cells[at], cells[at + 1]; returns the index after it. */
function nullableString(src: Uint8Array, i: number, cells: RowCells, at: number): number {
  if (src[i] === NULL) {
    cells[at] = i;
    cells[at + 1] = i;
    return i + 4;
  }
  cells[at] = i + 1;
  const end = stringEnd(src, i + 1, cells);
  cells[at + 1] = end;
  return end + 1;
}

/** The closing quote of the string whose content starts at `i`; notes escapes and commas. */
function stringEnd(src: Uint8Array, i: number, cells: RowCells): number {
  let flags = 0;
  for (let c = src[i]; c !== QUOTE && i < src.length; c = src[i]) {
    if (c === BACKSLASH) {
      flags |= HAS_ESCAPE;
      i += 2;
    } else {
      if (c === COMMA) flags |= HAS_COMMA;
      i++;
    }
  }
  cells[FLAGS] = (cells[FLAGS] ?? 0) | flags;
  return i;
}

/** The closing quote of the string whose content starts at `i` (a quote in it is escaped). */
export function stringEndAt(src: Uint8Array, i: number): number {
  for (let c = src[i]; c !== QUOTE && i < src.length; c = src[i]) i += c === BACKSLASH ? 2 : 1;
  return i;
}

/** Copies src[from, to) into out at `pos`; returns the position after it. */
export function copyBytes(src: Uint8Array, from: number, to: number, out: Uint8Array, pos: number) {
  // A loop, not Buffer#copy: cells are short, and a native call per cell costs more.
  for (let i = from; i < to; i++) out[pos++] = src[i] as number;
  return pos;
}

/**
 * The text of the string cell src[start, end) (textValue, unit), or null for a null cell: a
 * null is an empty range at its `n`; an empty string, an empty range at its closing quote.
 */
export function nullableName(
  names: ByteNames,
  src: Uint8Array,
  start: number,
  end: number,
): string | null {
  if (start === end && src[start] === NULL) return null;
  return names.name(src, start, end);
}
