// Nothing the server sends is trusted: every row is checked here, where pages are made
// (client.ts), before any command sees it. One rule for every output:
// - a row outside what was asked (a metric or provider not asked for, a date before `from` or
//   after `to`) is the server's mistake: it is dropped, and nothing asked for is lost;
// - a row inside the request that breaks the spec (no real calendar date, a date after the
//   latest date anywhere in the world, a field of the wrong type) is data that cannot be kept:
//   it is dropped too, and the command fails once the rest is written (dropped.ts).
// A nullable field that is missing reads as null. Fields the spec does not list are kept.
// Proven pages (canonical-proof.ts) are checked from their text by row-guard-text.ts instead.
import { isValidDate, latestDateAnywhere } from '../lib/dates.ts';
import { RawNumber } from './exact-numbers.ts';
import { textRowCheck } from './row-guard-text.ts';
import type { RowTextCheck } from './rows/canonical-proof.ts';
import type { MetricRow, MetricsQuery } from './types.ts';

/** What a page's guard dropped. */
export interface DroppedRows {
  /** Rows outside what was asked, by reason: the server's mistake, nothing lost. */
  readonly outside: Map<string, number>;
  /** How many of them lie outside from/to (what a --parallel partition cannot allow). */
  outsideDates: number;
  /** Rows that break the spec, by reason: data that could not be kept. */
  readonly broken: Map<string, number>;
  /** Real, plausible dates of broken rows: days a sync keeps as they were (and retries). */
  readonly tainted: Set<string>;
}

type Verdict = { outside: string; dates?: true } | { broken: string; day?: string } | undefined;

export class RowGuard {
  readonly #metrics: ReadonlySet<string> | undefined;
  /** Lower case: the API matches providers case-insensitively. */
  readonly #providers: ReadonlySet<string> | undefined;
  readonly #from: string | undefined;
  readonly #to: string | undefined;
  readonly #latest: string;
  #lastDate = '';
  #lastProvider = '';

  constructor(query: MetricsQuery, nowMs: number) {
    this.#metrics = query.metric ? new Set(query.metric) : undefined;
    this.#providers = query.provider
      ? new Set(query.provider.map((p) => p.toLowerCase()))
      : undefined;
    this.#from = query.from;
    this.#to = query.to;
    this.#latest = latestDateAnywhere(nowMs);
  }

  /** The check of a proven page's rows, from its text: dates and names only (types are proven). */
  textCheck(): RowTextCheck {
    const earliest = this.#from ?? '0001-01-01';
    const latest = this.#to !== undefined && this.#to < this.#latest ? this.#to : this.#latest;
    return textRowCheck(earliest, latest, this.#metrics, this.#providers);
  }

  /** The rows that pass (a missing nullable field set to null), and what was dropped. */
  filter(rows: readonly unknown[]): { rows: MetricRow[]; dropped: DroppedRows | undefined } {
    let kept: MetricRow[] | undefined;
    let dropped: DroppedRows | undefined;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const verdict = this.#judge(row);
      const pass = verdict === undefined;
      const out = pass ? withNulls(row as Record<string, unknown>) : undefined;
      // Copied only from the first row that differs: the common page is returned as it came.
      if (kept === undefined && (!pass || out !== row)) kept = rows.slice(0, i) as MetricRow[];
      if (out !== undefined) kept?.push(out);
      if (verdict !== undefined) dropped = record(dropped ?? newDropped(), verdict);
    }
    return { rows: kept ?? (rows as MetricRow[]), dropped };
  }

  #judge(row: unknown): Verdict {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      return { broken: 'that are not objects' };
    }
    const r = row as Record<string, unknown>;
    const { date, provider, metric } = r;
    const n = r['numValue'];
    const t = r['textValue'];
    const u = r['unit'];
    // The common case, spelled out: this runs for every row of a page not proven.
    if (
      typeof date === 'string' &&
      (date === this.#lastDate || this.#plausibleInRange(date)) &&
      typeof provider === 'string' &&
      (provider === this.#lastProvider || this.#providerAsked(provider)) &&
      typeof metric === 'string' &&
      (this.#metrics === undefined || this.#metrics.has(metric)) &&
      (typeof n === 'number' || n === null || n === undefined || n instanceof RawNumber) &&
      (typeof t === 'string' || t === null || t === undefined) &&
      (typeof u === 'string' || u === null || u === undefined) &&
      typeof r['stream'] === 'boolean'
    ) {
      this.#lastDate = date;
      this.#lastProvider = provider;
      return undefined;
    }
    return this.#explain(r);
  }

  #plausibleInRange(date: string): boolean {
    return (
      isValidDate(date) &&
      date <= this.#latest &&
      (this.#from === undefined || date >= this.#from) &&
      (this.#to === undefined || date <= this.#to)
    );
  }

  #providerAsked(provider: string): boolean {
    return this.#providers === undefined || this.#providers.has(provider.toLowerCase());
  }

  /** Why a row that failed the common case is dropped; outside the request comes first. */
  #explain(r: Record<string, unknown>): Verdict {
    const { date, provider, metric } = r;
    const day = typeof date === 'string' && isValidDate(date) ? date : undefined;
    if (typeof metric === 'string' && this.#metrics !== undefined && !this.#metrics.has(metric)) {
      return { outside: 'of metrics not asked for' };
    }
    if (typeof provider === 'string' && !this.#providerAsked(provider)) {
      return { outside: 'of providers not asked for' };
    }
    if (day !== undefined && this.#from !== undefined && day < this.#from) {
      return { outside: `dated before from=${this.#from}`, dates: true };
    }
    if (day !== undefined && this.#to !== undefined && day > this.#to) {
      return { outside: `dated after to=${this.#to}`, dates: true };
    }
    if (day === undefined) {
      if (typeof date === 'string') return { broken: `dated ${shorten(date)}, not a real date` };
      return { broken: `with ${date === undefined ? 'no date' : `date ${shown(date)}`}` };
    }
    if (day > this.#latest) return { broken: `dated ${day}, after tomorrow` };
    for (const [field, ok] of FIELDS) {
      const value = r[field];
      if (!ok(value)) {
        return {
          broken: `with ${value === undefined ? `no ${field}` : `${field} ${shown(value)}`}`,
          day,
        };
      }
    }
    return { broken: 'that do not match the spec', day };
  }
}

type Check = (value: unknown) => boolean;
const nullableString: Check = (v) => v === null || v === undefined || typeof v === 'string';
const FIELDS: readonly [string, Check][] = [
  ['provider', (v) => typeof v === 'string'],
  ['metric', (v) => typeof v === 'string'],
  [
    'numValue',
    (v) => v === null || v === undefined || typeof v === 'number' || v instanceof RawNumber,
  ],
  ['textValue', nullableString],
  ['unit', nullableString],
  ['stream', (v) => typeof v === 'boolean'],
];

/** The row with its missing nullable fields as null, in the spec's place; the row itself if none. */
function withNulls(row: Record<string, unknown>): MetricRow {
  if ('numValue' in row && 'textValue' in row && 'unit' in row) return row as unknown as MetricRow;
  const out: Record<string, unknown> = {};
  for (const key of ['date', 'provider', 'metric', 'numValue', 'textValue', 'unit', 'stream']) {
    out[key] = row[key] ?? null;
  }
  // Fields the spec does not list stay, after the spec's (a "__proto__" key is not copied).
  for (const key of Object.keys(row)) if (!(key in out) && key !== '__proto__') out[key] = row[key];
  return out as unknown as MetricRow;
}

function newDropped(): DroppedRows {
  return { outside: new Map(), outsideDates: 0, broken: new Map(), tainted: new Set() };
}

function record(into: DroppedRows, verdict: NonNullable<Verdict>): DroppedRows {
  if ('outside' in verdict) {
    into.outside.set(verdict.outside, (into.outside.get(verdict.outside) ?? 0) + 1);
    if (verdict.dates) into.outsideDates++;
  } else {
    into.broken.set(verdict.broken, (into.broken.get(verdict.broken) ?? 0) + 1);
    if (verdict.day !== undefined) into.tainted.add(verdict.day);
  }
  return into;
}

function shown(value: unknown): string {
  return shorten(JSON.stringify(value) ?? String(value));
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
