// Text as a sync target holds it. A row is compared with what a target holds in the form the
// target holds it in, or a day whose text the target cannot keep as sent would differ from
// the fetched day on every run, and be rewritten on every run.
// - Every file (CSV, TSV, NDJSON, Parquet) is UTF-8, which cannot carry a lone surrogate (the
//   server may send "\ud800" in JSON): encoding writes U+FFFD in its place, as `metrics -f`
//   does. NDJSON escapes it as JSON does ("\ud800"), so there it stays as sent.
// - SQLite TEXT cannot carry a NUL either: SQLite's C readers (the sqlite3 shell, libsql) end
//   the text there, so 'a\0b' would read back as 'a', and so do length(), upper() and LIKE.
//   It is stored as U+FFFD too, deliberately. (As a BLOB it would be kept, but a BLOB is not
//   text: `textValue = '…'` would not match it and `daily`'s json_group_array refuses it.)
// Every other character (U+2028, a BOM, combining marks, emoji, bidi marks, CR LF, quotes) is
// stored as sent by every target.
import type { MetricRow } from '../api/types.ts';

/** Text as a target stores it. */
export type TextForm = (text: string) => string;

const REPLACEMENT = '\ufffd';
/** Any surrogate, paired or not: cheap to test for, and rare. */
const SURROGATE = /[\ud800-\udfff]/;
/** With the `u` flag \p{Cs} matches a surrogate only when it is not half of a pair. */
const LONE_SURROGATES = /\p{Cs}/gu;

/** What UTF-8 holds of `text`: lone surrogates become U+FFFD (String#toWellFormed). */
export const utf8Text: TextForm = (text) =>
  SURROGATE.test(text) ? text.replace(LONE_SURROGATES, REPLACEMENT) : text;

/** What a SQLite TEXT value holds of `text`: UTF-8, with U+FFFD for NUL too. */
export const sqliteText: TextForm = (text) => {
  const wellFormed = utf8Text(text);
  return wellFormed.includes('\0') ? wellFormed.replaceAll('\0', REPLACEMENT) : wellFormed;
};

/** `row` as a target whose text is `form` stores it: the same object when nothing changes. */
export function storedRow(row: MetricRow, form: TextForm): MetricRow {
  const provider = form(row.provider);
  const metric = form(row.metric);
  // Typed as string | null, but a row read back from an older target may lack the field.
  const textValue = typeof row.textValue === 'string' ? form(row.textValue) : row.textValue;
  const unit = typeof row.unit === 'string' ? form(row.unit) : row.unit;
  if (
    provider === row.provider &&
    metric === row.metric &&
    textValue === row.textValue &&
    unit === row.unit
  ) {
    return row;
  }
  return { ...row, provider, metric, textValue, unit };
}
