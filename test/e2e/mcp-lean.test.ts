// tools/list as a client receives it from the built CLI over stdio: small enough to sit in every
// session's context (issue 35), with output schemas that every answer meets — checked with ajv
// against the JSON Schema as listed, not the server's own zod schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amount, score } from '../../src/lib/precision.ts';
import { spawnedServer, type McpPair } from '../helpers/mcp.ts';

/** The cap on tools/list with every tool on, in bytes of JSON. */
const MAX_LIST_BYTES = 12_288;

// One call per tool that gives items (the sandbox's metrics).
const CALLS: Record<string, Record<string, unknown>> = {
  list_metrics: {},
  query_metrics: { metrics: ['steps', 'weight'], from: '10d' },
  daily_summary: { from: '30d' },
  get_profile: {},
  list_sources: {},
  trend: { from: '90d', by: 'month' },
  find_anomalies: { from: '90d', threshold: 2 },
  compare_periods: {},
  correlate: { metric_a: 'sleep_duration', metric_b: 'hrv', lag_max: 2 },
};

// Numbers this program computes, rounded once by src/lib/precision.ts (the API's own values,
// such as a trend's min, are exact and not checked here).
const AMOUNTS = ['mean', 'median', 'vs_mean', 'change', 'change_pct', 'p'];
const SCORES = ['z', 'effect', 'pearson', 'spearman'];

let mcp: McpPair & { stderr(): string };
beforeAll(async () => {
  mcp = await spawnedServer(['--demo']);
}, 30_000);
afterAll(async () => {
  await mcp.close();
});

describe('tools/list', () => {
  it(`is at most ${MAX_LIST_BYTES} bytes with all nine tools, each with a description`, async () => {
    const list = await mcp.client.listTools();
    expect(list.tools.map((t) => t.name).sort()).toEqual(Object.keys(CALLS).sort());
    const bytes = Buffer.byteLength(JSON.stringify(list));
    expect(bytes).toBeLessThanOrEqual(MAX_LIST_BYTES);
    for (const tool of list.tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
  });

  it('lists valid schemas, and every answer validates against its listed output schema', async () => {
    const { tools } = await mcp.client.listTools();
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const tool of tools) {
      ajv.compile(tool.inputSchema as Record<string, unknown>);
      expect(tool.outputSchema, tool.name).toBeDefined();
      const validate = ajv.compile(tool.outputSchema as Record<string, unknown>);
      const got = await mcp.call(tool.name, CALLS[tool.name]);
      expect(got.isError, `${tool.name}: ${got.text}`).toBe(false);
      const valid = validate(got.structured);
      expect(valid ? [] : validate.errors, tool.name).toEqual([]);
      // The listing leaves `required` out, as every field is always sent: so check that it is.
      const listed = Object.keys(tool.outputSchema?.properties ?? {});
      expect(Object.keys(got.structured).sort(), tool.name).toEqual(listed.sort());
    }
  });

  it('gives computed numbers rounded as people read them, once, by the shared rule', async () => {
    let checked = 0;
    for (const name of ['trend', 'find_anomalies', 'compare_periods', 'correlate']) {
      const got = await mcp.call(name, CALLS[name]);
      const items = got.structured['items'] as Record<string, unknown>[];
      expect(items.length, name).toBeGreaterThan(0);
      for (const item of items) {
        for (const [field, value] of Object.entries(item)) {
          if (typeof value !== 'number') continue;
          if (AMOUNTS.includes(field)) expect(value, `${name}.${field}`).toBe(amount(value));
          if (SCORES.includes(field)) expect(value, `${name}.${field}`).toBe(score(value));
          checked += 1;
        }
      }
    }
    const daily = await mcp.call('daily_summary', CALLS['daily_summary']);
    for (const entry of daily.structured['entries'] as { mean: number | null }[]) {
      expect(entry.mean).toBe(amount(entry.mean));
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('many calls at once', () => {
  it('answers 20 concurrent calls with no listener-leak warning in the log', async () => {
    const names = Object.keys(CALLS);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const name = names[i % names.length] as string;
        return mcp.call(name, CALLS[name]);
      }),
    );
    expect(answers.filter((a) => a.isError)).toEqual([]);
    // A warning is written as it happens, before the answer that set it off.
    expect(mcp.stderr()).toContain('healthdata mcp: serving');
    expect(mcp.stderr()).not.toMatch(/MaxListenersExceeded|memory leak|Warning/);
  });
});
