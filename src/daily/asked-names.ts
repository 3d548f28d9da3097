// What a daily read asks the API for: each metric asked, and its `<metric>_total` twin, so the
// day's value can come from the twin (twins.ts). One rule for every surface that reads daily
// values (summary, chart, the insight commands, report live and --from-db, the MCP tools):
//   - the catalog (or a synced file's names) lists the twin → ask for it;
//   - it does not                                         → do not: there is none;
//   - the catalog could not be read (a 500, a shape we cannot read) → ask for it anyway.
// Asking for a twin the API lacks costs one filter value and returns no row; leaving out a
// twin that exists would leave its days to the source apps' rows, a different daily value.
// Which metric then "has a twin" is decided by the rows and names (summarize.ts), alike.
import { twinOf } from './twins.ts';

/** The names known to exist (a catalog's or a file's), or undefined when they are unknown. */
export type KnownNames = { has(name: string): boolean } | undefined;

/** `metrics` and the twins to ask for with them, each name once, in the order asked. */
export function namesToFetch(metrics: readonly string[], known: KnownNames): string[] {
  const twins = metrics.map(twinOf).filter((twin) => known === undefined || known.has(twin));
  return [...new Set([...metrics, ...twins])];
}

/** What a surface says when the catalog could not be read, in its own voice. */
export const UNREAD_CATALOG =
  '_total twins are asked for anyway, and a day takes its twin where a twin row arrives';
