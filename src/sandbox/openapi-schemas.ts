// Component schemas of the OpenAPI document (JSON Schema 2020-12, as OpenAPI 3.1 uses).

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const date = { type: 'string', format: 'date' };
const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra });
const strings = { type: 'array', items: str };
const kind = { type: 'string', enum: ['phone_aggregator', 'wearable', 'scale', 'app'] };

function object(properties: Record<string, object>, description?: string): object {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  };
}

export const openApiSchemas = {
  Metric: object(
    {
      date,
      provider: str,
      metric: str,
      numValue: nullable('number'),
      textValue: nullable('string'),
      unit: nullable('string'),
      stream: { type: 'boolean' },
    },
    'One normalized row. Aggregator metrics may have several rows per day (one per source app); use the <metric>_total twin instead of summing them.',
  ),
  Meta: object(
    {
      plan: str,
      history_window_days: nullable('integer', { minimum: 1 }),
      history_floor: nullable('string', { format: 'date' }),
      source_cap: nullable('integer', { minimum: 0 }),
    },
    'Plan window. Null window, floor or cap means no limit.',
  ),
  MetricsPage: object({
    data: { type: 'array', items: ref('Metric') },
    next_cursor: nullable('string'),
    meta: ref('Meta'),
  }),
  Error: object({
    error: object({ code: str, message: str }),
  }),
  CatalogMetric: object({
    metric: str,
    unit: nullable('string'),
    providers: strings,
    first_date: date,
    last_date: date,
    rows: { type: 'integer', minimum: 1 },
  }),
  CatalogProvider: object({ provider: str, kind, metrics: strings }),
  Catalog: object({
    metrics: { type: 'array', items: ref('CatalogMetric') },
    providers: { type: 'array', items: ref('CatalogProvider') },
    meta: ref('Meta'),
  }),
  Source: object(
    {
      provider: str,
      kind,
      status: { type: 'string', enum: ['active', 'over_cap'] },
      connected_at: date,
      last_sync: nullable('string', { format: 'date-time' }),
      metrics: strings,
      source_apps: strings,
    },
    'A connected source. Sources beyond the plan cap (by connection date) are over_cap: listed, not served.',
  ),
  Sources: object({ data: { type: 'array', items: ref('Source') }, meta: ref('Meta') }),
  User: object({
    id: str,
    name: str,
    email: str,
    timezone: str,
    units: { type: 'string', enum: ['metric'] },
    member_since: date,
  }),
  Plan: object({
    name: str,
    description: str,
    history_window_days: nullable('integer', { minimum: 1 }),
    history_floor: nullable('string', { format: 'date' }),
    source_cap: nullable('integer', { minimum: 0 }),
    sources_connected: { type: 'integer', minimum: 0 },
    sources_active: { type: 'integer', minimum: 0 },
  }),
  Profile: object({ user: ref('User'), plan: ref('Plan'), meta: ref('Meta') }),
};
