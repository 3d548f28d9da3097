// list_metrics, get_profile, list_sources and tools/list through the SDK's own client,
// against the sandbox, compared with its bodies fetched directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, get, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { inMemoryServer, type McpPair } from '../helpers/mcp.ts';

const sandbox = useSandbox({ plan: 'pro' });
let mcp: McpPair;

beforeAll(async () => {
  mcp = await inMemoryServer(sandbox.current.url, sandbox.current.apiKey);
});
afterAll(async () => {
  await mcp.close();
});

describe('tools/list', () => {
  it('lists the nine tools, each read-only, with an input and an output schema', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'daily_summary',
        'get_profile',
        'list_metrics',
        'list_sources',
        'query_metrics',
        'trend',
        'find_anomalies',
        'compare_periods',
        'correlate',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description, tool.name).toBeTruthy();
    }
    const query = tools.find((t) => t.name === 'query_metrics');
    expect(query?.description).toMatch(/must NEVER be added up/);
    expect(query?.description).toMatch(/_total/);
    expect(Object.keys(query?.inputSchema.properties ?? {}).sort()).toEqual(
      ['from', 'limit', 'metrics', 'providers', 'to'].sort(),
    );
  });
});

describe('list_metrics', () => {
  it('gives the catalog, naming each _total twin on both sides', async () => {
    const catalog = (
      await get<{ metrics: { metric: string }[]; providers: unknown[] }>(
        sandbox.current,
        '/api/v1/catalog',
      )
    ).body;
    const got = await mcp.call('list_metrics');
    expect(got.isError).toBe(false);
    const metrics = got.structured['metrics'] as {
      metric: string;
      total_twin?: string;
      total_of?: string;
    }[];
    expect(metrics.map((m) => m.metric)).toEqual(catalog.metrics.map((m) => m.metric));
    expect(got.structured['providers']).toEqual(catalog.providers);
    expect(metrics.find((m) => m.metric === 'steps')?.total_twin).toBe('steps_total');
    expect(metrics.find((m) => m.metric === 'steps_total')?.total_of).toBe('steps');
    expect(metrics.find((m) => m.metric === 'walking_speed')?.total_twin).toBeUndefined();
    expect(got.structured['twins']).toEqual([
      { metric: 'active_energy', total: 'active_energy_total' },
      { metric: 'distance', total: 'distance_total' },
      { metric: 'steps', total: 'steps_total' },
    ]);
    expect(got.structured['window']).toEqual({
      plan: 'pro',
      history_window_days: 365,
      history_floor: addDays(TODAY, -364),
      source_cap: 10,
    });
    // The text a model reads is the same data.
    expect(JSON.parse(got.text.slice(got.text.indexOf('\n') + 1))).toEqual(got.structured);
  });
});

describe('get_profile and list_sources', () => {
  it('get_profile gives the profile and the plan window', async () => {
    const body = (await get<Record<string, unknown>>(sandbox.current, '/api/v1/profile')).body;
    const got = await mcp.call('get_profile');
    const { meta, ...profile } = body;
    expect(got.structured['profile']).toEqual(profile);
    expect(got.structured['window']).toEqual(meta);
  });

  it('list_sources gives every connected source', async () => {
    const body = (await get<{ data: unknown[]; meta: unknown }>(sandbox.current, '/api/v1/sources'))
      .body;
    const got = await mcp.call('list_sources');
    expect(got.structured['sources']).toEqual(body.data);
    expect(got.structured['window']).toEqual(body.meta);
    expect((got.structured['notes'] as string[]).join(' ')).toMatch(/never be added up/i);
  });
});
