// Wire types of the Personal Health Data Read API: see docs/api-spec.md, section 2 (Metric, Meta).

export interface MetricRow {
  date: string;
  provider: string;
  metric: string;
  numValue: number | null;
  textValue: string | null;
  unit: string | null;
  stream: boolean;
}

/** The `meta` object of a metrics page. A null field's meaning is not given by the spec. */
export interface Meta {
  plan: string;
  history_window_days: number | null;
  history_floor: string | null;
  source_cap: number | null;
}

export interface MetricsPage {
  data: MetricRow[];
  next_cursor: string | null;
  /** Absent only when a server leaves it out; the spec always sends it. */
  meta: Meta | undefined;
}

export interface MetricsQuery {
  metric?: readonly string[];
  provider?: readonly string[];
  from?: string;
  to?: string;
}
