// A folder name `KEY=VALUE` is a hive partition: DuckDB, Spark, Polars and pyarrow read VALUE
// as a column and guess its type from the text of every folder. A value they could take for a
// number, a date, a boolean or NULL stops being the text it is: `profile=NULL` is SQL NULL in
// DuckDB, `profile=epoch` and `profile=inf` are DATEs, `profile=0001` is the number 1 (and one
// person with `profile=1`), `profile=true` a boolean in Polars. A value that starts with a
// letter is never a number or a date to any of them (checked with DuckDB in
// test/e2e/dataset-names.test.ts); the words below are the ones that still are.

/** Words some engine reads as something other than text, compared in lower case. */
const MISREAD_WORDS: ReadonlySet<string> = new Set([
  'null', // DuckDB: SQL NULL (any case)
  'nan', // Python, Polars, Java: a float
  'inf', // DuckDB: the DATE infinity; Python, Polars: a float
  'infinity', // DuckDB: the DATE infinity; Java (Spark), Python: a float
  'epoch', // DuckDB: the DATE 1970-01-01
  'true', // Polars: a boolean
  'false',
  'none', // Python: None, in tools built on pandas
]);

/** A letter, then up to 63 letters, digits, dots, dashes or underscores. */
const PLAIN_VALUE = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;

export const PARTITION_VALUE_RULE =
  'starts with a letter and is not null, nan, inf, infinity, epoch, true, false or none (any case)';

/** True when every engine reads `KEY=value` as the text `value`, and it is a plain folder name. */
export function isPartitionValue(value: string): boolean {
  return PLAIN_VALUE.test(value) && !MISREAD_WORDS.has(value.toLowerCase());
}
