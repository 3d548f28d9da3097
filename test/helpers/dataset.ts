// A Parquet dataset as DuckDB reads it (never a hand-written reader), and as the server
// serves it, in one comparable shape: per profile, every row as a JSON text, sorted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { runCli } from './cli.ts';

export type Rows = Record<string, string[]>;

const canonical = (r: {
  date: unknown;
  provider: unknown;
  metric: unknown;
  numValue: unknown;
  textValue: unknown;
  unit: unknown;
  stream: unknown;
}): string =>
  JSON.stringify([r.date, r.provider, r.metric, r.numValue, r.textValue, r.unit, r.stream]);

/** `read_parquet('DIR/**\/*.parquet', hive_partitioning = true)`, grouped by profile. */
export async function duckRows(dir: string): Promise<Rows> {
  const files = filesUnder(dir).filter((f) => f.endsWith('.parquet'));
  const out: Rows = {};
  if (files.length === 0) return out;
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    const reader = await conn.runAndReadAll(
      `SELECT profile, date::VARCHAR AS date, provider, metric, numValue, textValue, unit, stream
       FROM read_parquet('${dir}/**/*.parquet', hive_partitioning = true)`,
    );
    for (const row of reader.getRowObjectsJS()) {
      (out[String(row['profile'])] ??= []).push(canonical(row as never));
    }
  } finally {
    conn.closeSync();
    db.closeSync();
  }
  for (const rows of Object.values(out)) rows.sort();
  return out;
}

/**
 * What the server serves a profile: `metrics --profile NAME -f ndjson`, the whole window;
 * with no profile, what it serves the settings without one.
 */
export async function servedRows(
  profile: string | undefined,
  env: Record<string, string>,
): Promise<string[]> {
  const named = profile === undefined ? [] : ['--profile', profile];
  const result = await runCli(['metrics', ...named, '-f', 'ndjson'], { env });
  if (result.code !== 0) throw new Error(result.stderr);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => canonical(JSON.parse(line) as never))
    .sort();
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f));
}

/** Every entry's inode and mtime: a run that rewrites nothing changes none of them. */
export function fingerprint(dir: string): string[] {
  return filesUnder(dir)
    .sort()
    .map((f) => {
      const s = statSync(f);
      return `${f} ${s.ino} ${s.mtimeMs}`;
    });
}

export function anyFileHolds(dir: string, secret: string): boolean {
  return filesUnder(dir).some(
    (f) => statSync(f).isFile() && readFileSync(f).includes(Buffer.from(secret)),
  );
}
