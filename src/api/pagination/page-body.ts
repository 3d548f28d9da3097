// A metrics page's body made into a Page: the envelope (next_cursor, meta) checked, the rows
// through the row guard. A proven page (canonical-proof.ts) keeps its rows as bytes.
import { isValidDate } from '../../lib/dates.ts';
import { isRecord } from '../../lib/json.ts';
import { ProtocolError } from '../errors.ts';
import { mayHaveInexactNumbers, parseExact } from '../exact-numbers.ts';
import type { RowGuard } from '../row-guard.ts';
import type { Meta, MetricRow, MetricsPage } from '../types.ts';
import type { ProvenPage } from '../rows/canonical-proof.ts';
import { textPage } from '../rows/lazy-page.ts';
import type { Page } from './types.ts';

/**
 * A page whose rows are proven (canonical-proof.ts): only what follows them is parsed. Undefined
 * when that is not plain JSON here (spacing, a second "data" key): the full parse decides.
 */
export function provenPage({ rows, tail }: ProvenPage): Page | undefined {
  // The rows are followed by `,"next_cursor":…}` or just `}`: that, as an object of its own.
  const rest = tail === '}' ? '{}' : tail.startsWith(',"') ? `{${tail.slice(1)}` : undefined;
  if (rest === undefined) return undefined;
  let envelope: unknown;
  try {
    envelope = mayHaveInexactNumbers(rest) ? parseExact(rest) : JSON.parse(rest);
  } catch {
    return undefined;
  }
  // With a second "data" key, JSON.parse of the whole body would keep that one instead.
  if (!isRecord(envelope) || 'data' in envelope) return undefined;
  const { next_cursor, meta } = envelopeOf(envelope);
  return textPage(rows, next_cursor, meta);
}

/** The page with only the rows the guard lets through, and what it dropped. */
export function guarded(page: MetricsPage, guard: RowGuard): Page {
  const { rows, dropped } = guard.filter(page.data);
  const out: Page = { data: rows, next_cursor: page.next_cursor, meta: page.meta, cut: false };
  if (dropped !== undefined) out.dropped = dropped;
  return out;
}

/** The page as sent; its rows are not checked yet (see guarded). */
export function toMetricsPage(body: unknown): MetricsPage {
  if (!isRecord(body) || !Array.isArray(body['data'])) {
    throw new ProtocolError('the metrics response has no "data" array', 'bad_page');
  }
  return { data: body['data'] as MetricRow[], ...envelopeOf(body) };
}

/** next_cursor and meta of a metrics page, checked. */
function envelopeOf(body: Record<string, unknown>): Omit<MetricsPage, 'data'> {
  // The spec says the key is always there, a string or null: a page without it is not the end.
  if (!('next_cursor' in body)) {
    throw new ProtocolError(
      'the metrics response has no "next_cursor" (the spec says it is always there: a string, or null on the last page)',
      'bad_page',
    );
  }
  const cursor = body['next_cursor'];
  if (cursor !== undefined && cursor !== null && (typeof cursor !== 'string' || cursor === '')) {
    throw new ProtocolError(
      'the metrics response has a "next_cursor" that is not a string',
      'bad_page',
    );
  }
  return {
    next_cursor: typeof cursor === 'string' ? cursor : null,
    meta: toMeta(body['meta']),
  };
}

export function toMeta(value: unknown): Meta | undefined {
  if (!isRecord(value)) return undefined;
  const nullable = <T>(v: unknown, type: string): T | null => (typeof v === type ? (v as T) : null);
  const floor = value['history_floor'];
  return {
    plan: typeof value['plan'] === 'string' ? value['plan'] : 'unknown',
    history_window_days: nullable<number>(value['history_window_days'], 'number'),
    // The floor decides which days a sync replaces: one that is no date is no floor.
    history_floor: typeof floor === 'string' && isValidDate(floor) ? floor : null,
    source_cap: nullable<number>(value['source_cap'], 'number'),
  };
}
