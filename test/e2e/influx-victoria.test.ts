// The time-series sync target against a real VictoriaMetrics (Debian's victoria-metrics, one
// per file): the sandbox's daily values pushed as line protocol and read back day by day equal
// `healthdata daily -f json`; a re-run sends nothing; a day later only the changed days go;
// every query of the Grafana dashboard (docs/grafana/healthdata.json) returns data; --all-profiles tags each person.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { runCli, tempDir } from '../helpers/cli.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { connection } from '../helpers/sync.ts';
import { hostileApi } from '../helpers/hostile-api.ts';
import { DAY, HOSTILE } from '../helpers/hostile-points.ts';
import { API_KEY, META, useTestServers } from '../helpers/test-server.ts';
import {
  countingProxy,
  useVictoriaMetrics,
  vmExport,
  type CountingProxy,
  type Tsdb,
} from '../helpers/tsdb.ts';

interface DailyJson {
  date: string;
  metric: string;
  provider: string;
  value: number | null;
}

const key = (date: string, metric: string, provider: string): string =>
  `${date} ${metric} ${provider}`;

/** `daily -f json`'s values, by day, metric and provider. */
function dailyValues(stdout: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of (JSON.parse(stdout) as { data: DailyJson[] }).data) {
    if (d.value !== null) out.set(key(d.date, d.metric, d.provider), d.value);
  }
  return out;
}

/** VictoriaMetrics' `health_value` points of `match`, by profile, then as dailyValues. */
async function vmValues(db: Tsdb, match: string): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const s of await vmExport(db, match)) {
    const profile = s.metric['profile'] ?? '';
    const values = out.get(profile) ?? new Map<string, number>();
    out.set(profile, values);
    s.timestamps.forEach((t, i) => {
      const date = new Date(t).toISOString().slice(0, 10);
      values.set(
        key(date, s.metric['metric'] ?? '', s.metric['provider'] ?? ''),
        s.values[i] ?? NaN,
      );
    });
  }
  return out;
}

describe('sync into VictoriaMetrics', () => {
  const vm = useVictoriaMetrics();
  const sandbox = useSandbox();
  const servers = useTestServers();
  const config = tempDir('healthdata-config-');
  const env = { HEALTHDATA_CONFIG_DIR: config };
  let proxy: CountingProxy;
  beforeAll(async () => {
    proxy = await countingProxy(vm.current.url);
  });
  afterAll(() => proxy.close());
  const target = (): string => `influx+${proxy.url}/write?db=health`;
  const stateFiles = (): string[] =>
    existsSync(join(config, 'sync-state'))
      ? readdirSync(join(config, 'sync-state')).filter((f) => f.endsWith('.json'))
      : [];

  it('pushes the daily values, which read back day by day as daily -f json gives them', async () => {
    const pushed = await runCli(['sync', target(), ...sandbox.args()], { env });
    expect(pushed.stderr).toMatch(/synced influx\+http:.*: \d+ days read, \d+ days sent/);
    expect(pushed.code).toBe(0);
    const daily = await runCli(['daily', ...sandbox.args(), '-f', 'json'], { env });
    expect(daily.code).toBe(0);
    const expected = new Map<string, number>();
    for (const d of (JSON.parse(daily.stdout) as { data: DailyJson[] }).data) {
      if (d.value !== null) expected.set(key(d.date, d.metric, d.provider), d.value);
    }
    const got = new Map<string, number>();
    for (const s of await vmExport(vm.current, 'health_value')) {
      s.timestamps.forEach((t, i) => {
        const date = new Date(t).toISOString().slice(0, 10);
        got.set(
          key(date, s.metric['metric'] ?? '', s.metric['provider'] ?? ''),
          s.values[i] ?? NaN,
        );
      });
    }
    expect(expected.size).toBeGreaterThan(1000);
    expect(got).toEqual(expected);
    // A `_total` twin is its base metric's value, as in the SQLite view: no steps_total series.
    expect([...got.keys()].some((k) => k.includes('_total'))).toBe(false);
    expect(stateFiles()).toHaveLength(1);
  });

  it('a re-run of unchanged data sends nothing', async () => {
    const before = proxy.writes;
    const state = readFileSync(join(config, 'sync-state', stateFiles()[0] ?? ''), 'utf8');
    const again = await runCli(['sync', target(), ...sandbox.args()], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing changed, nothing sent');
    expect(proxy.writes).toBe(before);
    expect(readFileSync(join(config, 'sync-state', stateFiles()[0] ?? ''), 'utf8')).toBe(state);
  });

  it('a day later sends only the days that changed', async () => {
    const next = addDays(TODAY, 1);
    const later = await startSandbox({ today: next });
    try {
      const before = proxy.writes;
      const run = await runCli(['sync', target(), ...connection(later)], {
        env: { ...env, HEALTHDATA_TODAY: next },
      });
      expect(run.code).toBe(0);
      const sent = /(\d+) days? sent \((\S+) to (\S+)\), (\d+) points/.exec(run.stderr);
      expect(sent, run.stderr).not.toBeNull();
      const [, days, first, last, points] = sent ?? [];
      // The new day, and within the overlap window at most the few days late data changed.
      expect(last).toBe(next);
      expect(Number(days)).toBeLessThanOrEqual(5);
      expect(first! >= addDays(TODAY, -3)).toBe(true);
      expect(run.stderr).toContain('in 1 request');
      expect(proxy.writes - before).toBe(1);
      // The new day's values are there, as many as were sent with a value.
      const onNext = (await vmExport(vm.current, 'health_rows')).filter((s) =>
        s.timestamps.includes(Date.parse(`${next}T00:00:00Z`)),
      );
      expect(onNext.length).toBeGreaterThan(5);
      expect(onNext.length).toBeLessThanOrEqual(Number(points));
    } finally {
      await later.close();
    }
  });

  it('every query of the Grafana dashboard returns data', async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../docs/grafana/healthdata.json', import.meta.url), 'utf8'),
    ) as { panels: { title: string; targets: { expr: string }[] }[]; templating: unknown };
    const queries = dashboard.panels.flatMap((p) =>
      p.targets.map((t) => ({ p: p.title, expr: t.expr })),
    );
    expect(queries.length).toBeGreaterThanOrEqual(6);
    // The profile variable's own query, as Grafana runs it (the push named no profile: All).
    const labels = await vm.current.get('/api/v1/labels');
    expect(labels).toContain('"metric"');
    const end = Date.parse(`${TODAY}T00:00:00Z`) / 1000;
    for (const { p, expr } of queries) {
      const query = expr.replace(/\$profile/g, '.*').replace(/\$__\w+/g, '1d');
      const text = await vm.current.get('/api/v1/query_range', {
        query,
        start: String(end - 60 * 86_400),
        end: String(end),
        step: '86400',
      });
      const body = JSON.parse(text) as {
        status: string;
        data: { result: { values: [number, string][] }[] };
      };
      expect(body.status, `${p}: ${query}`).toBe('success');
      const values = body.data.result.flatMap((r) => r.values.map((v) => Number(v[1])));
      expect(values.filter(Number.isFinite).length, `${p}: ${query}`).toBeGreaterThan(10);
    }
  });

  it('--all-profiles: each person under a profile tag, with their own values and state', async () => {
    const people = await Promise.all([
      startSandbox({ today: TODAY, seed: 1, apiKey: 'phd_live_alice_0123456789' }),
      startSandbox({ today: TODAY, seed: 2, apiKey: 'phd_live_bob_0123456789ab' }),
    ]);
    try {
      const dir = tempDir('healthdata-config-');
      const profiles = Object.fromEntries(
        people.map((p, i) => [
          i === 0 ? 'alice' : 'bob',
          { 'api-key': p.apiKey, 'base-url': p.url },
        ]),
      );
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
      const penv = { HEALTHDATA_CONFIG_DIR: dir };
      const people2 = `influx+${proxy.url}/write?db=people`;
      const run = await runCli(['sync', people2, '--all-profiles'], { env: penv });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/\(profile alice\): \d+ days read/);
      expect(run.stderr).toMatch(/\(profile bob\): \d+ days read/);
      const got = await vmValues(vm.current, 'health_value{db="people"}');
      expect([...got.keys()].sort()).toEqual(['alice', 'bob']);
      for (const [i, name] of ['alice', 'bob'].entries()) {
        const daily = await runCli(['daily', ...connection(people[i]!), '-f', 'json']);
        expect(got.get(name)).toEqual(dailyValues(daily.stdout));
      }
      // Grafana's profile variable lists both.
      const labels = await vm.current.get('/api/v1/label/profile/values');
      expect(JSON.parse(labels)).toMatchObject({ data: ['alice', 'bob'] });
      const before = proxy.writes;
      const again = await runCli(['sync', people2, '--all-profiles'], { env: penv });
      expect(again.stderr.match(/nothing sent/g)).toHaveLength(2);
      expect(proxy.writes).toBe(before);
    } finally {
      await Promise.all(people.map((p) => p.close()));
    }
  });

  it('hostile names come back as sent, one point each; numbers as VictoriaMetrics keeps them', async () => {
    const api = await servers(
      hostileApi({
        catalog: { metrics: [], meta: META },
        page: () => ({ data: HOSTILE.map((h) => h.row), next: null }),
      }),
    );
    const env = { HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-') };
    const target = `influx+${proxy.url}/write?db=hostile`;
    const run = await runCli(['sync', target, '--base-url', api.url, '--api-key', API_KEY], {
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    const series = await vmExport(vm.current, 'health_rows{db="hostile"}');
    expect(series).toHaveLength(HOSTILE.length);
    const values = await vmExport(vm.current, 'health_value{db="hostile"}');
    for (const h of HOSTILE) {
      const labels = { metric: h.metric, provider: h.provider, unit: 'u "q",=\\x' };
      const s = series.find(
        (x) => x.metric['metric'] === h.metric && x.metric['provider'] === h.provider,
      );
      expect(s?.metric, JSON.stringify(h.metric)).toMatchObject(labels);
      expect(s?.timestamps).toEqual([Date.parse(`${DAY}T00:00:00Z`)]);
      const v = values.find(
        (x) => x.metric['metric'] === h.metric && x.metric['provider'] === h.provider,
      );
      const sent = h.row.numValue;
      if (sent === null) {
        expect(v).toBeUndefined();
        continue;
      }
      // VictoriaMetrics keeps about 15 significant digits, and a subnormal (5e-324) as 0.
      const got = v?.values[0] ?? NaN;
      if (Math.abs(sent) < 1e-300) expect(got).toBe(0);
      else expect(Math.abs(got - sent) / Math.abs(sent)).toBeLessThan(1e-14);
    }
  });
});
