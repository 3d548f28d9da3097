// Zod schemas shared by the tools: their JSON Schema is what the client (and the model) sees
// in tools/list, in every session, so a field says what it takes only where its name and type
// do not (tools/list is capped at 12 KB for all the tools, test/e2e/mcp-lean.test.ts).
import * as z from 'zod';
import { MAX_NAME_CHARS } from './fit/clip.ts';
import { brief } from './lean-schema.ts';

/** Every tool's annotations. openWorldHint is left out: MCP's default is true, as it is here. */
export const READ_ONLY = { readOnlyHint: true } as const;

/** RULE in a sentence, for the one tool description that hands out raw rows. */
export const RULE_BRIEF =
  'Several rows of a metric on one day are one per source app and must NEVER be added up; <metric>_total (e.g. steps_total) holds the daily total.';

export const RULE =
  'Rule of the API: a metric pushed by a phone health aggregator (e.g. steps from PhoneHealth) can have several rows for one day, one per source app; they must NEVER be added up (that double-counts). For cumulative metrics a twin named <metric>_total (e.g. steps_total) holds the de-duplicated daily total: use it for daily totals.';

/** Most names one call takes: the API takes them in the URL, one query parameter each. */
export const MAX_NAMES = 100;

// Refused here, before any request: a name longer than any real one (the API would get it in
// the URL, and retry it), or more names than a URL should carry.
const names = (what: string) =>
  z
    .array(
      z
        .string()
        .max(MAX_NAME_CHARS, { error: `${what} names are at most ${MAX_NAME_CHARS} characters` })
        .trim()
        .min(1, { error: `${what} names must not be empty` }),
    )
    .min(1, { error: `give at least one ${what}, or leave ${what}s out for all` })
    .max(MAX_NAMES, { error: `at most ${MAX_NAMES} ${what}s per call` });

export const metricsField = names('metric').describe('Exact names, from list_metrics.');

export const providersField = names('provider');

const dateField = () => z.string().trim().min(1).max(32);

// The forms are said once, on `from`: `to` takes the same.
export const fromField = dateField().describe(
  'YYYY-MM-DD, today, yesterday, Nd, Nw, Nm or Ny (days, weeks, calendar months or years ago); from/to inclusive.',
);
export const toField = dateField();

export const windowSchema = brief(
  z
    .object({
      plan: z.string(),
      history_window_days: z.number().nullable(),
      history_floor: z.string().nullable(),
      source_cap: z.number().nullable(),
    })
    .nullable(),
);

export const clampSchema = brief(
  z.object({ requested_from: z.string(), effective_from: z.string() }).nullable(),
);

export const querySchema = brief(
  z.object({
    metrics: z.array(z.string()).nullable(),
    providers: z.array(z.string()).nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
);

export const notesSchema = z.array(z.string());

/** What query_metrics and daily_summary echo beside their data: the query, the plan, the clamp, the notes. */
export const echoFields = {
  query: querySchema,
  window: windowSchema,
  clamp: clampSchema,
  notes: notesSchema,
};

/** The arguments query_metrics and daily_summary share: which rows. */
export const rangeFields = {
  metrics: metricsField.optional(),
  providers: providersField.optional(),
  from: fromField.optional(),
  to: toField.optional(),
};

/** How each insight item's daily values were found (src/insight/from-daily.ts). */
export const basisField = z.enum(['single', 'total', 'several']);
