// Zod schemas shared by the tools: their JSON Schema is what the client (and the model) sees
// in tools/list, so each field says what it takes in words a model can act on.
import * as z from 'zod';
import { MAX_NAME_CHARS } from './fit/clip.ts';

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

export const metricsField = names('metric').describe(
  'Metric names to include, e.g. ["steps_total", "resting_heart_rate"] (exact names from list_metrics). Leave out for every metric.',
);

export const providersField = names('provider').describe(
  'Provider names to include, case-insensitive, e.g. ["WristBand"]. Leave out for every provider.',
);

const dateField = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(32)
    .describe(
      `${what}: YYYY-MM-DD, "today", "yesterday" or "<N>d", "<N>w", "<N>m", "<N>y" (N days, weeks, calendar months or years ago, e.g. "30d", "3m"), in the user's calendar.`,
    );

export const fromField = dateField(
  'First day, inclusive. Earlier than the plan window allows, it is clamped to the history floor (the answer says so)',
);
export const toField = dateField('Last day, inclusive');

export const windowSchema = z
  .object({
    plan: z.string(),
    history_window_days: z.number().nullable(),
    history_floor: z.string().nullable(),
    source_cap: z.number().nullable(),
  })
  .nullable()
  .describe(
    "The plan's history window as the API reported it; null fields are what the API sent (no limit stated).",
  );

export const clampSchema = z
  .object({ requested_from: z.string(), effective_from: z.string() })
  .nullable()
  .describe('Set when `from` was before the history floor and the API started at the floor.');

export const querySchema = z.object({
  metrics: z.array(z.string()).nullable(),
  providers: z.array(z.string()).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const notesSchema = z
  .array(z.string())
  .describe(
    "Things to know before using the numbers, in this server's own words; read them. Names and values from the API are never in them, only in the data fields they point to.",
  );

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
export const basisField = z
  .enum(['single', 'total', 'several'])
  .describe(
    'How the daily values were found: single = the one row of each day; total = the <metric>_total twin; several = the mean of several rows a day (never their sum).',
  );
