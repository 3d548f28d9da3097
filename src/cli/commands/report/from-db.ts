// The report's data from a SQLite file `healthdata sync` wrote, with no server: its rows, read
// in the order the API sent them (days newest first, each day's rows as stored), go through
// `summarize` (src/daily) exactly as the pages of an export do, so every number is the one
// `summary` gives for the same rows. The file is opened read-only (a SQLite URI with
// mode=ro): a report never changes it, and never creates a file that is not there.
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogMetric } from '../../../api/catalog.ts';
import type { Meta, MetricRow } from '../../../api/types.ts';
import { namesToFetch } from '../../../daily/asked-names.ts';
import { summarize } from '../../../daily/index.ts';
import { DEFAULT_RULE } from '../../../insight/index.ts';
import { readFrom } from '../../../insight/records/anomaly.ts';
import { addDays } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import { closestName } from '../../../lib/closest-name.ts';
import { withEmpty, type DailyFlags } from '../../daily-query.ts';
import type { Loaded, Range } from './loaded.ts';

/** The part of libsql's better-sqlite3 API used here. */
interface Statement {
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
}
interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  close(): void;
}

const PAGE = 1000;

export async function loadFromDb(
  file: string,
  metrics: readonly string[] | undefined,
  range: Range,
  flags: DailyFlags,
  /**
   * The run's redaction: a file synced by an older healthdata, which hid only the key in use,
   * may hold another person's key that a server echoed. The API's bodies are redacted by the
   * client; the file's text is redacted here, as it is read.
   */
  redact: (text: string) => string = (text) => text,
): Promise<Loaded> {
  const db = await openReadOnly(file);
  try {
    const catalog = namesIn(db, file, redact);
    if (metrics !== undefined) checkNames(metrics, catalog, file);
    // The file's names are its catalog: the same twins are asked for as of the API.
    const wanted = metrics === undefined ? undefined : new Set(namesToFetch(metrics, catalog));
    const providers = flags.provider?.map((p) => p.toLowerCase());
    const options = { catalog: catalog.keys(), ...(metrics ? { metrics } : {}) };
    const read = (from: string, to: string | null) =>
      summarize(pages(db, from, to, wanted, providers, redact), options);
    const summaries = await read(range.from, range.to);
    const leadIn = await read(readFrom(range.from, DEFAULT_RULE), addDays(range.from, -1));
    const state = lastSync(db, redact);
    return {
      summaries: withEmpty(summaries, metrics, catalog, flags),
      leadIn,
      // The file keeps every day it was given, even those before today's plan floor: no clamp.
      from: range.from,
      meta: state?.meta,
      source: { kind: 'db', file: basename(file), lastSync: state?.at ?? null },
      // A synced file does not say whose it is: the report names no one.
      person: { profile: null, displayName: null },
    };
  } finally {
    db.close();
  }
}

async function openReadOnly(file: string): Promise<Database> {
  const path = resolve(file);
  const info = await stat(path).catch(() => undefined);
  if (info === undefined || !info.isFile()) {
    throw new UsageError(
      `--from-db ${file}: ${info === undefined ? 'no such file' : 'not a file'} — make one with 'healthdata sync ${file}'`,
      'bad_input',
    );
  }
  // libsql is native code: loaded only here, for a report from a file.
  const { default: Libsql } = (await import('libsql')) as unknown as {
    default: new (path: string) => Database;
  };
  try {
    const db = new Libsql(`${pathToFileURL(path).href}?mode=ro`);
    // A sync of the same file may be committing: wait for it rather than fail at once.
    db.exec('PRAGMA busy_timeout = 5000');
    return db;
  } catch (error) {
    throw notSynced(file, error);
  }
}

/** The metric names in the file, with a unit each: the catalog a synced file has. */
function namesIn(
  db: Database,
  file: string,
  redact: (text: string) => string,
): Map<string, CatalogMetric> {
  let rows: unknown[];
  try {
    rows = db.prepare('SELECT metric, max(unit) AS unit FROM metrics GROUP BY metric').all();
  } catch (error) {
    throw notSynced(file, error);
  }
  const names = new Map<string, CatalogMetric>();
  for (const row of rows as { metric: unknown; unit: unknown }[]) {
    if (typeof row.metric !== 'string') continue;
    const metric = redact(row.metric);
    names.set(metric, { metric, unit: typeof row.unit === 'string' ? redact(row.unit) : null });
  }
  return names;
}

function notSynced(file: string, error: unknown): UsageError {
  const why = error instanceof Error ? error.message : String(error);
  return new UsageError(
    `--from-db ${file} is not a database 'healthdata sync' wrote (${why})`,
    'bad_input',
  );
}

function checkNames(
  metrics: readonly string[],
  catalog: Map<string, CatalogMetric>,
  file: string,
): void {
  for (const name of metrics) {
    if (catalog.has(name)) continue;
    const near = closestName(name, catalog.keys());
    throw new UsageError(
      `there is no metric '${name}' in ${file}${near ? ` — did you mean '${near}'?` : ''}`,
      'unknown_metric',
    );
  }
}

/** The rows of [from, to] in the API's order, a page at a time, as MetricRow. */
function* pages(
  db: Database,
  from: string,
  to: string | null,
  metrics: ReadonlySet<string> | undefined,
  providers: readonly string[] | undefined,
  redact: (text: string) => string,
): Generator<MetricRow[]> {
  const hidden = (text: string | null): string | null => (text === null ? null : redact(text));
  const sql = `SELECT date, provider, metric, numValue, textValue, unit, stream FROM metrics
    WHERE date >= ? AND date <= ? ORDER BY date DESC, rowid`;
  let page: MetricRow[] = [];
  for (const raw of db.prepare(sql).iterate(from, to ?? '9999-12-31')) {
    const r = raw as Omit<MetricRow, 'stream'> & { stream: number };
    // Filtered as the API filters: metric names exactly, providers in any case.
    if (metrics !== undefined && !metrics.has(r.metric)) continue;
    if (providers !== undefined && !providers.includes(r.provider.toLowerCase())) continue;
    page.push({
      date: r.date,
      provider: redact(r.provider),
      metric: redact(r.metric),
      numValue: r.numValue,
      textValue: hidden(r.textValue),
      unit: hidden(r.unit),
      stream: r.stream === 1,
    });
    if (page.length === PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** The plan the newest sync saw, and when it ran. */
function lastSync(
  db: Database,
  redact: (text: string) => string,
): { meta: Meta; at: string } | undefined {
  let rows: unknown[];
  try {
    rows = db
      .prepare(
        `SELECT last_sync_at, plan, history_window_days, history_floor FROM sync_state
         ORDER BY last_sync_at DESC LIMIT 1`,
      )
      .all();
  } catch {
    return undefined; // an older file without sync_state: no plan to show
  }
  const row = rows[0] as Record<string, unknown> | undefined;
  if (row === undefined || typeof row['plan'] !== 'string') return undefined;
  const floor = row['history_floor'];
  const days = row['history_window_days'];
  return {
    at: String(row['last_sync_at']),
    meta: {
      plan: redact(row['plan']),
      history_window_days: typeof days === 'number' ? days : null,
      history_floor: typeof floor === 'string' ? redact(floor) : null,
      source_cap: null,
    },
  };
}
