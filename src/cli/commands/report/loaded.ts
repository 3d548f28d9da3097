// What the report is made from, wherever it was read (the API or a synced SQLite file): the
// daily summaries of the range, the same metrics over the baseline window before it, and what
// the plan says.
import type { Meta } from '../../../api/types.ts';
import type { MetricSummary } from '../../../daily/index.ts';
import type { ReportPerson, ReportSource } from '../../../report/types.ts';

export interface Loaded {
  summaries: MetricSummary[];
  /** The `window` days before `from`: the first days' baselines, as `anomalies` fetches them. */
  leadIn: MetricSummary[];
  /** The first day covered: --from, or the plan's history floor when --from lay before it. */
  from: string;
  meta: Meta | undefined;
  source: ReportSource;
  person: ReportPerson;
  /** Why there is no data at all, when the range says why. */
  emptyReason?: string;
}

export interface Range {
  from: string;
  to: string | null;
}
