// One style for the names healthdata gives its own fields: snake_case, as the API's own
// next_cursor and history_window_days. Every command's json and ndjson (and csv header), and every MCP tool's
// structuredContent and output schema, are walked whole; a key that is not snake_case must be
// one of the API's own names (kept exactly as the API sends them) or a data name (a wide
// column, a catalog/sources body passed on as sent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, runCli } from '../helpers/cli.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';

/** The API's own field names that are not snake_case (docs/api-spec.md: a metric row). */
const API_NAMES = new Set(['numValue', 'textValue']);
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Every key of `value`, at any depth, with its path. */
function keysOf(value: unknown, path = '$'): { key: string; path: string }[] {
  if (Array.isArray(value)) return value.flatMap((v) => keysOf(v, `${path}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    { key, path: `${path}.${key}` },
    ...keysOf(v, `${path}.${key}`),
  ]);
}

/** The paths of keys that are neither snake_case nor the API's, for `expect(...).toEqual([])`. */
function offStyle(value: unknown, isDataKey: (key: string) => boolean = () => false): string[] {
  const bad = keysOf(value).filter(
    ({ key }) => !SNAKE.test(key) && !API_NAMES.has(key) && !isDataKey(key),
  );
  return [...new Set(bad.map((b) => b.path))];
}

const sandbox = useSandbox({ plan: 'pro' });
const from = addDays(TODAY, -60);

// Each command with its arguments; `--wide` columns are metric@provider, the API's names.
const COMMANDS: string[][] = [
  ['metrics', '--from', addDays(TODAY, -3)],
  ['summary', '--from', from],
  ['summary', '--from', from, '--by', 'week'],
  ['daily', '--from', addDays(TODAY, -7)],
  ['daily', '--from', addDays(TODAY, -7), '--wide'],
  ['anomalies', '--from', from],
  ['compare', '--from', addDays(TODAY, -14)],
  ['correlate', 'sleep_duration', 'hrv', '--lag', '0..2', '--from', from],
  ['catalog'],
  ['sources'],
  ['profile'],
  ['status'],
];
const wideColumn = (key: string) => /^[a-z0-9_]+@[A-Za-z0-9]+$/.test(key);

describe('the CLI names its own fields in snake_case', () => {
  for (const args of COMMANDS) {
    // status speaks text or json only.
    for (const format of args[0] === 'status' ? ['json'] : ['json', 'ndjson']) {
      it(`${args.join(' ')} -f ${format}`, async () => {
        const got = await runCli([...args, ...sandbox.args(), '-f', format], {
          clock: fixedClock(TODAY),
        });
        expect(got.code, got.stderr).toBe(0);
        const docs =
          format === 'json'
            ? [JSON.parse(got.stdout) as unknown]
            : got.stdout
                .split('\n')
                .filter((l) => l !== '')
                .map((l) => JSON.parse(l) as unknown);
        expect(keysOf(docs).length).toBeGreaterThan(3);
        expect(offStyle(docs, wideColumn)).toEqual([]);
      });
    }
  }

  for (const args of COMMANDS.filter(([command]) => command !== 'status')) {
    it(`${args.join(' ')} -f csv: the header`, async () => {
      const got = await runCli([...args, ...sandbox.args(), '-f', 'csv'], {
        clock: fixedClock(TODAY),
      });
      expect(got.code, got.stderr).toBe(0);
      const header = (got.stdout.split('\n')[0] ?? '').split(',');
      expect(header.length).toBeGreaterThan(2);
      expect(offStyle(Object.fromEntries(header.map((h) => [h, 1])), wideColumn)).toEqual([]);
    });
  }

  it('a wrong name would be caught: the walker sees nested camelCase', () => {
    expect(offStyle([{ meta: { rule: { minDays: 1 } } }, { numValue: 1 }])).toEqual([
      '$[].meta.rule.minDays',
    ]);
  });
});

describe('the MCP tools name their fields in snake_case', () => {
  let mcp: McpPair;
  beforeAll(async () => {
    mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey, {
      clock: fixedClock(TODAY),
    });
  });
  afterAll(async () => {
    await mcp.close();
  });

  const CALLS: [string, Record<string, unknown>][] = [
    ['list_metrics', {}],
    ['list_sources', {}],
    ['get_profile', {}],
    ['query_metrics', { metrics: ['steps', 'mood'], from: addDays(TODAY, -3) }],
    ['daily_summary', { metrics: ['steps', 'heart_rate', 'mood'], from }],
    ['trend', { metrics: ['resting_heart_rate'], from }],
    ['find_anomalies', { metrics: ['resting_heart_rate'], from }],
    ['compare_periods', { metrics: ['hrv'], from: addDays(TODAY, -14) }],
    ['correlate', { metric_a: 'sleep_duration', metric_b: 'hrv', lag_min: 0, lag_max: 2 }],
  ];

  it('every tool is called here', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(CALLS.map(([name]) => name).sort());
  });

  for (const [name, args] of CALLS) {
    it(`${name}: structuredContent`, async () => {
      const got = await mcp.call(name, args);
      expect(got.isError, got.text).toBe(false);
      expect(keysOf(got.structured).length).toBeGreaterThan(3);
      expect(offStyle(got.structured)).toEqual([]);
    });
  }

  it("every output schema's property names", async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.flatMap((t) =>
      keysOf(t.outputSchema)
        .filter(({ path }) => /\.properties\.[^.]+$/.test(path))
        .map(({ key, path }) => ({ key, path: `${t.name}${path.slice(1)}` })),
    );
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter(({ key }) => !SNAKE.test(key) && !API_NAMES.has(key))).toEqual([]);
  });
});
