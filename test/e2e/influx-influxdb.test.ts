// The time-series sync target against a real InfluxDB 1.x (Debian's influxd 1.6, one per
// file): the sandbox's daily values read back day by day equal `healthdata daily -f json`;
// hostile names (shell code, commas, spaces, equals signs, quotes, backslashes, newlines that
// try to start a point of their own) and numbers near 1e308 come back as data, one point each.
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.ts';
import { hostileApi } from '../helpers/hostile-api.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { DAY, HOSTILE } from '../helpers/hostile-points.ts';
import { API_KEY, META, useTestServers } from '../helpers/test-server.ts';
import { useInfluxDb } from '../helpers/tsdb.ts';

interface Series {
  name: string;
  tags: Record<string, string>;
  columns: string[];
  values: unknown[][];
}

async function select(db: ReturnType<typeof useInfluxDb>['current'], name: string, q: string) {
  const text = await db.get('/query', { db: name, q, epoch: 's' });
  const body = JSON.parse(text) as { results: { series?: Series[]; error?: string }[] };
  expect(body.results[0]?.error).toBeUndefined();
  return body.results[0]?.series ?? [];
}

describe('sync into InfluxDB 1.x', () => {
  const influx = useInfluxDb();
  const sandbox = useSandbox();
  const servers = useTestServers();

  it('pushes the daily values, which read back day by day as daily -f json gives them', async () => {
    expect(await influx.current.post('/query', '', { q: 'CREATE DATABASE sandbox' })).toBe(200);
    const env = { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') };
    const pushed = await runCli(['sync', influx.current.target('sandbox'), ...sandbox.args()], {
      env,
    });
    expect(pushed.stderr).toMatch(/days sent/);
    expect(pushed.code).toBe(0);
    const daily = await runCli(['daily', ...sandbox.args(), '-f', 'json'], { env });
    const expected = new Map<string, number | null>();
    for (const d of (
      JSON.parse(daily.stdout) as {
        data: { date: string; metric: string; provider: string; value: number | null }[];
      }
    ).data) {
      if (d.value !== null) expected.set(`${d.date} ${d.metric} ${d.provider}`, d.value);
    }
    const got = new Map<string, number | null>();
    for (const s of await select(
      influx.current,
      'sandbox',
      'SELECT "value" FROM "health" GROUP BY "metric","provider"',
    )) {
      for (const [time, value] of s.values as [number, number | null][]) {
        const date = new Date(time * 1000).toISOString().slice(0, 10);
        got.set(`${date} ${s.tags['metric']} ${s.tags['provider']}`, value);
      }
    }
    expect(got.size).toBeGreaterThan(1000);
    expect(got).toEqual(expected);
  });

  it('hostile names and numbers near 1e308 come back as data, one point each', async () => {
    expect(await influx.current.post('/query', '', { q: 'CREATE DATABASE hostile' })).toBe(200);
    const api = await servers(
      hostileApi({
        catalog: { metrics: [], meta: META },
        page: () => ({ data: HOSTILE.map((h) => h.row), next: null }),
      }),
    );
    const env = { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') };
    const args = [
      'sync',
      influx.current.target('hostile'),
      '--base-url',
      api.url,
      '--api-key',
      API_KEY,
    ];
    const pushed = await runCli(args, { env });
    expect(pushed.stderr).toContain('1 day sent');
    expect(pushed.code).toBe(0);
    const series = await select(
      influx.current,
      'hostile',
      'SELECT "value","text","basis" FROM "health" GROUP BY *',
    );
    expect(series).toHaveLength(HOSTILE.length);
    for (const h of HOSTILE) {
      const s = series.find(
        (x) => x.tags['metric'] === h.metric && x.tags['provider'] === h.provider,
      );
      expect(s, JSON.stringify(h.metric)).toBeDefined();
      expect(s?.tags['unit']).toBe('u "q",=\\x');
      expect(s?.values).toHaveLength(1);
      const [time, value, text, basis] = s?.values[0] ?? [];
      expect(time).toBe(Date.parse(`${DAY}T00:00:00Z`) / 1000);
      expect(value).toBe(h.row.numValue);
      expect(text).toBe(
        h.row.textValue === null ? null : 'he said "hi"\\\ufffdhealth,metric=evil2 value=1 0',
      );
      expect(basis).toBe('single');
    }
    // A re-run sends nothing: the state holds what the names became.
    const again = await runCli(args, { env });
    expect(again.stderr).toContain('nothing sent');
  });
});
