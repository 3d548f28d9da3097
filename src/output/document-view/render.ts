// catalog, sources and profile on a terminal: readable at 80 columns whatever shape the body
// has (the spec does not show it). Objects become titled blocks of key/value lines, lists of
// records become tables that fit the width (or, when even that is too narrow, one key/value
// card per record), lists of values are joined with ", ", and long values wrap at words.
import { isRecord } from '../../lib/json.ts';
import { PLAIN, type Palette } from '../terminal/colors.ts';
import { displayWidth, pad, visible, wrapWords } from '../terminal/visible.ts';
import { cellText, isRecordList, titleOf } from './cells.ts';
import { recordTable } from './table.ts';

export interface DocumentView {
  /** Title of the top-level block, e.g. `Profile`; the body's `data` list takes it too. */
  title: string;
  /** Width to fit; undefined means no limit. */
  columns?: number | undefined;
  palette?: Palette;
  /** Top-level keys shown elsewhere (the plan window goes to stderr). */
  hide?: readonly string[];
}

const NO_LIMIT = 10_000;

export function renderDocument(body: unknown, view: DocumentView): string {
  const width = view.columns ?? NO_LIMIT;
  const p = view.palette ?? PLAIN;
  const blocks: string[] = [];
  const block = (title: string, lines: readonly string[]): void => {
    blocks.push([p.bold(title), ...lines].join('\n'));
  };
  if (Array.isArray(body)) {
    block(view.title, listLines(body, width, p));
  } else if (!isRecord(body)) {
    block(view.title, [styled(body, p)]);
  } else {
    const top: [string, unknown][] = [];
    const nested: [string, unknown][] = [];
    for (const [key, value] of Object.entries(body)) {
      if (view.hide?.includes(key)) continue;
      (isRecord(value) || isRecordList(value) ? nested : top).push([key, value]);
    }
    if (top.length > 0) block(view.title, keyValues(top, width, p, ''));
    for (const [key, value] of nested) {
      const title = key === 'data' ? view.title : titleOf(key);
      if (isRecord(value)) block(title, keyValues(Object.entries(value), width, p, ''));
      else block(title, listLines(value as unknown[], width, p));
    }
    if (blocks.length === 0) block(view.title, ['(empty)']);
  }
  return blocks.join('\n\n') + '\n';
}

function styled(value: unknown, p: Palette): string {
  const text = cellText(value);
  return value === null || value === undefined ? p.dim(text) : text;
}

/** A list: a table of records when it fits, else a card per record; plain values one a line. */
function listLines(list: readonly unknown[], width: number, p: Palette): string[] {
  if (list.length === 0) return ['(none)'];
  if (!list.every(isRecord)) return list.map((v) => styled(v, p));
  const table = recordTable(list, width, p);
  if (table !== undefined) return table;
  const lines: string[] = [];
  list.forEach((record, i) => {
    if (i > 0) lines.push('');
    const entries = Object.entries(record);
    const [firstKey, firstValue] = entries[0] ?? ['', undefined];
    // The first field names the record (provider, metric, id…): it heads its card.
    lines.push(p.bold(`${visible(firstKey)}: ${cellText(firstValue)}`));
    lines.push(...keyValues(entries.slice(1), width, p, '  '));
  });
  return lines;
}

/** `key  value` lines with the keys in one column; long values wrap under their first word. */
function keyValues(
  entries: readonly [string, unknown][],
  width: number,
  p: Palette,
  indent: string,
): string[] {
  if (entries.length === 0) return [`${indent}(empty)`];
  const keyWidth = Math.max(...entries.map(([k]) => displayWidth(visible(k))));
  const lines: string[] = [];
  for (const [rawKey, value] of entries) {
    const key = indent + pad(visible(rawKey), keyWidth);
    if (isRecord(value) && Object.keys(value).length > 0) {
      lines.push(`${indent}${visible(rawKey)}`);
      lines.push(...keyValues(Object.entries(value), width, p, indent + '  '));
      continue;
    }
    if (isRecordList(value)) {
      lines.push(`${indent}${visible(rawKey)}`);
      const table = recordTable(value, width - indent.length - 2, p);
      const rows = table ?? value.map((v) => cellText(v));
      lines.push(...rows.map((line) => `${indent}  ${line}`));
      continue;
    }
    const room = Math.max(16, width - displayWidth(key) - 2);
    const text = cellText(value);
    const isNull = value === null || value === undefined;
    const shown = wrapWords(text, room).map((line) => (isNull ? p.dim(line) : line));
    const hang = ' '.repeat(displayWidth(key) + 2);
    lines.push(`${p.dim(key)}  ${shown[0] ?? ''}`.trimEnd());
    for (const more of shown.slice(1)) lines.push(hang + more);
  }
  return lines;
}
