// The one notice of `metrics`: several rows for one date and provider must not be added up. The
// rows are checked as they stream (SeveralRowsDetector); the catalog is asked whether the
// `_total` twin exists only when such rows were found and the twin was not in the output, and
// only if the run did not already read it (to check -m/-p names).
import type { HealthClient } from '../../../api/client.ts';
import { catalogMetrics } from '../../../api/catalog.ts';
import type { CatalogNames } from '../../../api/name-check.ts';
import {
  baseOf,
  severalRowsNotice,
  twinOf,
  type SeveralRows,
  type SeveralRowsDetector,
} from '../../../daily/index.ts';
import type { Notices } from '../../notices.ts';

export async function reportSeveralRows(
  detector: SeveralRowsDetector,
  client: HealthClient,
  notices: Notices,
  signal: AbortSignal,
  read?: Promise<CatalogNames | undefined>,
): Promise<void> {
  if (detector.found.size === 0) return;
  let catalog: Promise<Set<string> | undefined> | undefined = read?.then(
    (names) => names && new Set(names.metrics),
  );
  const catalogNames = (): Promise<Set<string> | undefined> =>
    (catalog ??= client
      .getJson('api/v1/catalog', undefined, signal)
      .then(({ body }) => {
        const metrics = catalogMetrics(body);
        return metrics && new Set(metrics.keys());
      })
      // The export itself succeeded: an unreachable catalog only makes the notice less precise.
      .catch(() => undefined));
  const found: SeveralRows[] = [];
  for (const [metric, example] of [...detector.found].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let twin: boolean | undefined;
    if (baseOf(metric) === undefined) {
      twin = detector.seen(twinOf(metric)) || (await catalogNames())?.has(twinOf(metric));
    }
    found.push({ metric, example, twin });
  }
  // Said once for all of them: six notices of two lines each buried the output.
  notices.notice(severalRowsNotice(found));
}
