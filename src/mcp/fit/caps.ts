// How large a tool answer may be, in bytes of the whole result as sent: the text the model
// reads (a one-line summary and the JSON) and structuredContent, the same JSON for programs
// (so the JSON is at most a third of the cap). Common clients cut a tool result at 25,000
// tokens, so the tools aim well under that on their own (query_metrics' row budget,
// daily_summary's series budget); the cap is the hard bound behind them, for whatever the
// API sends: thousands of metrics, long texts, a profile of megabytes.

/** Every answer, unless `healthdata mcp --max-answer-bytes` says otherwise. */
export const DEFAULT_ANSWER_BYTES = 256 * 1024;
/** What --max-answer-bytes accepts: below 16 KiB even a short answer with its notes may not fit. */
export const MIN_ANSWER_BYTES = 16 * 1024;
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * The list tools answer with less: a catalog, a source list and a profile are things to look
 * up, not data to analyse. 64 KiB holds a few hundred catalog entries; sources and the profile
 * are far smaller when sane.
 */
export const LIST_CAPS = {
  list_metrics: 64 * 1024,
  list_sources: 32 * 1024,
  get_profile: 32 * 1024,
} as const;

export type ListTool = keyof typeof LIST_CAPS;

/** The cap of one tool's answers: its own, never above the server's. */
export function capOf(
  tool: ListTool | 'query_metrics' | 'daily_summary',
  server: number = DEFAULT_ANSWER_BYTES,
): number {
  return tool in LIST_CAPS ? Math.min(LIST_CAPS[tool as ListTool], server) : server;
}

/** Room kept for the notes a cut adds, in bytes of JSON: they are written after the data is fitted. */
export const NOTE_ROOM = 2048;
