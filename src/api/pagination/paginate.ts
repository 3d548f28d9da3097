// Pagination as an async generator of pages. The request for page N+1 goes out before page N
// is handed to the consumer, and even before page N is parsed: the next cursor is read off the
// raw text (a hint, checked against the parsed page). So the server, the parser and the writer
// all work at once. Stopping early (`break`, an error, the row cap) aborts whatever is in flight.
import type { DropTally } from '../dropped.ts';
import { ProtocolError } from '../errors.ts';
import type { MetricsQuery } from '../types.ts';
import type { DroppedRows } from '../row-guard.ts';
import { firstRows, rowCount, withCut } from '../rows/lazy-page.ts';
import type { FetchedPage, FetchPage, Page } from './types.ts';
import { linkedController } from '../../lib/abort.ts';
import { RunBudget, SeenCursors } from './run-budget.ts';

export interface PaginateOptions {
  pageSize: number;
  /** Stop once this many rows were yielded; the last request asks only for what is left. */
  maxRows?: number;
  signal?: AbortSignal;
  /** Adds up what the row guard dropped from each page yielded, for the run's one line. */
  tally?: DropTally;
  /** The run's bounds on pages and cursor bytes; one per run, shared by its paginations. */
  budget?: RunBudget;
}

interface InFlight {
  cursor: string | undefined;
  response: Promise<FetchedPage>;
  abort(): void;
}

/** Empty pages in a row, each with a new cursor, after which paging is a protocol error. */
export const MAX_EMPTY_PAGES = 20;

export async function* paginate(
  fetchPage: FetchPage,
  query: MetricsQuery,
  options: PaginateOptions,
): AsyncGenerator<Page, void, undefined> {
  const { controller, release } = linkedController(options.signal);
  // Digests, not the cursors: a server's cursors can be large, and there is no end to them.
  const seen = new SeenCursors();
  const budget = options.budget ?? new RunBudget();
  // Empty pages that keep handing out new cursors would never end: cap how many in a row.
  let empties = 0;
  let remaining = options.maxRows ?? Number.POSITIVE_INFINITY;
  const send = (cursor: string | undefined, rowsLeft: number): InFlight => {
    // The paginator's abort reaches the request's own controller until the page has arrived.
    const own = linkedController(controller.signal);
    const response = fetchPage(query, cursor, Math.min(options.pageSize, rowsLeft), own.signal);
    // If the consumer stops, or a guess was wrong, nobody awaits this: its rejection is expected.
    response.catch(() => undefined).finally(own.release);
    return { cursor, response, abort: () => own.controller.abort() };
  };
  // Set once the last page is yielded with nothing in flight: then there is nothing to abort,
  // and abort() costs a DOMException with its stack, on every query_metrics call (issue 22;
  // `npm run bench -- --only mcp`).
  let settled = false;
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    let current: InFlight | undefined = send(undefined, remaining);
    while (current) {
      const fetched = await current.response;
      const asked = Math.min(options.pageSize, remaining);
      // Guess that the page is full, so a guessed request never asks for more than is left.
      let next: InFlight | undefined;
      const hint = fetched.cursorHint;
      if (typeof hint === 'string' && !seen.has(hint) && remaining - asked > 0) {
        next = send(hint, remaining - asked);
        // Let undici write the request before parsing and writing keep this turn busy for a
        // millisecond or more. The request reaches undici through a few promise hops, and undici
        // then waits for the check phase (setImmediate) before it writes to a reused socket: one
        // turn of ours ran first, so the request went out only after the page was written
        // (seen with strace, a delay on every page; `npm run bench -- --only throughput`). The
        // second turn comes after undici's.
        await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      }
      const page = fetched.parse();
      // Counted without reading `data`: proven rows stay unparsed (lazy-page.ts).
      const count = rowCount(page);
      let out = count > remaining ? firstRows(page, remaining) : page;
      remaining -= Math.min(count, remaining);
      const cursor = page.next_cursor;
      // A page the row guard emptied was not empty as sent: a server ignoring a filter may
      // send many such pages.
      const sent = count + (page.dropped === undefined ? 0 : droppedCount(page.dropped));
      empties = sent === 0 && cursor !== null ? empties + 1 : 0;
      if (empties >= MAX_EMPTY_PAGES) {
        throw new ProtocolError(
          `the API sent ${MAX_EMPTY_PAGES} empty pages in a row, each with a new cursor; stopping instead of paging forever`,
          'empty_pages',
        );
      }
      if (next && next.cursor !== cursor) {
        next.abort();
        next = undefined;
      }
      if (cursor !== null) {
        if (remaining <= 0) {
          out = withCut(out, true);
          next?.abort();
          next = undefined;
        } else {
          budget.follow(cursor);
          // A server that hands back a cursor it already gave would loop forever.
          if (!seen.add(cursor)) {
            throw new ProtocolError(
              'the API repeated a pagination cursor; stopping instead of looping forever',
              'cursor_loop',
            );
          }
          next ??= send(cursor, remaining);
        }
      }
      current = next;
      options.tally?.add(out.dropped);
      yield out;
    }
    settled = true;
  } finally {
    release();
    if (!settled) controller.abort();
  }
}

function droppedCount(dropped: DroppedRows): number {
  let n = 0;
  for (const count of dropped.outside.values()) n += count;
  for (const count of dropped.broken.values()) n += count;
  return n;
}
