// FHIR from the sandbox, end to end: a year of daily values (`daily -f fhir --with-patient`)
// and a month of rows (`metrics -f fhir`), every resource valid, read back to the same daily
// values as `daily -f json` (a no_total day has no Observation); the bundle form a transaction
// Bundle whose references resolve; ids the same on every export, and a new day adding only
// its own resources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_SYSTEM } from '../../src/fhir/codes.ts';
import { BASIS_EXTENSION } from '../../src/fhir/observation.ts';
import { addDays } from '../../src/lib/dates.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { fixedClock, runCli } from '../helpers/cli.ts';
import {
  bundleResources,
  expectSubjects,
  ndjsonResources,
  type Resource,
} from '../helpers/fhir-output.ts';
import { baseProblems, fhirProblems } from '../helpers/fhir-validators.ts';
import { connection } from '../helpers/sync.ts';
import {
  hd,
  META,
  pageBody,
  send,
  startServer,
  type MetricRowJson,
} from '../helpers/test-server.ts';

const TODAY = '2026-11-20';

interface DailyRecord {
  date: string;
  metric: string;
  provider: string;
  value: number | null;
  text: string | null;
  unit: string | null;
  basis: string;
  rows: number;
}

/**
 * Every resource's problems. Both validators check each resource against base R4 (~2 ms each);
 * the vital-signs profiles (medplum parses a profile on every call: ~5 ms a resource, too slow
 * for a year) are checked once per distinct shape: the resource with its id, date and number
 * set aside, which base R4 has already checked on each resource.
 */
function problemsOfAll(resources: readonly Resource[], fullUrls?: ReadonlySet<string>): string[] {
  const seen = new Map<string, string[]>();
  const problems: string[] = [];
  for (const r of resources) {
    if (!/^[A-Za-z0-9\-.]{1,64}$/.test(r.id)) problems.push(`bad id ${r.id}`);
    const date = r['effectiveDateTime'];
    if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(date)))
      problems.push(`bad date ${String(date)}`);
    const q = r['valueQuantity'] as { value?: unknown } | undefined;
    if (q !== undefined && !Number.isFinite(q.value)) problems.push(`bad value in ${r.id}`);
    const shape = JSON.stringify({
      ...r,
      id: 'x',
      identifier: 'x',
      effectiveDateTime: date === undefined ? undefined : 'x',
      valueQuantity: q === undefined ? undefined : { ...q, value: 0 },
    });
    problems.push(...baseProblems(r, fullUrls).map((p) => `${r.id}: ${p}`));
    let found = seen.get(shape);
    if (found === undefined) {
      found = fhirProblems(r, fullUrls);
      seen.set(shape, found);
    }
    problems.push(...found.map((p) => `${r.id}: ${p}`));
  }
  expect(seen.size).toBeGreaterThan(10);
  return problems;
}

/** A daily value as an Observation says it. */
function readBack(o: Resource) {
  const coding = (o['code'] as { coding: { system: string; display?: string }[] }).coding;
  const q = o['valueQuantity'] as { value: number; unit?: string } | undefined;
  const basis = (o['extension'] as { url: string; valueCode: string }[] | undefined)?.find(
    (e) => e.url === BASIS_EXTENSION,
  )?.valueCode;
  return {
    date: o['effectiveDateTime'],
    metric: coding.find((c) => c.system === METRIC_SYSTEM)?.display,
    provider: (o['device'] as { display: string }).display,
    value: q?.value ?? null,
    text: (o['valueString'] as string | undefined) ?? null,
    ...(basis === undefined ? {} : { basis }),
  };
}

/** What readBack gives for a daily record (several texts are listed, joined by '; '). */
function expected(d: DailyRecord) {
  const text =
    d.text !== null && d.basis === 'several' && d.text.startsWith('[')
      ? (JSON.parse(d.text) as string[]).join('; ')
      : d.text;
  return {
    date: d.date,
    metric: d.metric,
    provider: d.provider,
    value: d.value,
    text,
    basis: d.basis,
  };
}

const byKey = (a: { date: unknown; metric: unknown; provider: unknown }) =>
  `${String(a.date)} ${String(a.metric)} ${String(a.provider)}`;

describe('FHIR from the sandbox', () => {
  let sandbox: Sandbox;
  const cli = (args: string[], today = TODAY, s = sandbox) =>
    runCli([...args, ...connection(s)], { clock: fixedClock(today) });
  const ok = async (args: string[], today?: string, s?: Sandbox) => {
    const out = await cli(args, today, s);
    expect(out.code, out.stderr).toBe(0);
    return out.stdout;
  };
  beforeAll(async () => {
    sandbox = await startSandbox({ today: TODAY, plan: 'pro' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('a year of daily values: all valid, and read back to daily -f json', async () => {
    const year = ['daily', '--from', '364d'];
    const resources = ndjsonResources(await ok([...year, '-f', 'fhir', '--with-patient']));
    const daily = (JSON.parse(await ok([...year, '-f', 'json'])) as { data: DailyRecord[] }).data;
    expect(problemsOfAll(resources)).toEqual([]);
    expectSubjects(resources, (id) => `Patient/${id}`);
    const observations = resources.filter((r) => r.resourceType === 'Observation');
    const valued = daily.filter((d) => d.basis !== 'no_total');
    expect(valued.length).toBeGreaterThan(3000);
    expect(new Set(valued.map((d) => d.date)).size).toBe(365);
    // One Observation per valued daily record, with its value; none for a no_total day.
    const got = observations.map(readBack).sort((a, b) => byKey(a).localeCompare(byKey(b)));
    const want = valued.map(expected).sort((a, b) => byKey(a).localeCompare(byKey(b)));
    expect(got).toEqual(want);
    expect(new Set(observations.map((o) => o.id)).size).toBe(observations.length);
  }, 120_000);

  it('the same year as a transaction bundle: valid, references resolved, same resources', async () => {
    const args = ['daily', '--from', '364d', '-f'];
    const bundled = bundleResources(await ok([...args, 'fhir-bundle']));
    const plain = ndjsonResources(await ok([...args, 'fhir', '--with-patient']));
    expect(problemsOfAll(bundled, new Set(bundled.map((r) => `urn:uuid:${r.id}`)))).toEqual([]);
    expectSubjects(bundled, (id) => `urn:uuid:${id}`);
    expect(bundled.map((r) => r.id)).toEqual(plain.map((r) => r.id));
  }, 120_000);

  it('a month of rows: one valid Observation per row, each row as the API sent it', async () => {
    const month = ['metrics', '--from', '30d'];
    const resources = ndjsonResources(await ok([...month, '-f', 'fhir']));
    const rows = (
      JSON.parse(await ok([...month, '-f', 'json'])) as {
        data: {
          date: string;
          metric: string;
          provider: string;
          numValue: number | null;
          textValue: string | null;
        }[];
      }
    ).data;
    expect(resources.every((r) => r.resourceType === 'Observation')).toBe(true);
    expect(problemsOfAll(resources)).toEqual([]);
    const valued = rows.filter((r) => r.numValue !== null || r.textValue !== null);
    expect(resources.length).toBe(valued.length);
    const got = resources.map(readBack).map(byValue).sort();
    const want = valued
      .map((r) => ({
        date: r.date,
        metric: r.metric,
        provider: r.provider,
        value: r.numValue,
        text: r.textValue,
      }))
      .map(byValue)
      .sort();
    expect(got).toEqual(want);
    expect(new Set(resources.map((o) => o.id)).size).toBe(resources.length);
  }, 120_000);

  it('realistic data (full-precision doubles, non-ASCII names, quoted notes): valid, read back', async () => {
    const real = await startSandbox({ today: TODAY, plan: 'pro', realistic: true, notes: true });
    try {
      const args = ['daily', '--from', '60d', '-f'];
      const resources = ndjsonResources(await ok([...args, 'fhir', '--with-patient'], TODAY, real));
      const daily = (
        JSON.parse(await ok([...args, 'json'], TODAY, real)) as { data: DailyRecord[] }
      ).data;
      expect(problemsOfAll(resources)).toEqual([]);
      const got = resources.filter((r) => r.resourceType === 'Observation').map(readBack);
      const want = daily.filter((d) => d.basis !== 'no_total').map(expected);
      expect(got.sort(byValues)).toEqual(want.sort(byValues));
    } finally {
      await real.close();
    }
  }, 60_000);

  it('--demo: the same Patient on every run, though the sandbox listens on a new port each time', async () => {
    const patient = async () => {
      const out = await runCli(['daily', '--demo', '--from', '0d', '-f', 'fhir', '--with-patient']);
      expect(out.code, out.stderr).toBe(0);
      return out.stdout.split('\n')[0];
    };
    const [a, b] = [await patient(), await patient()];
    expect(a).toContain('"resourceType":"Patient"');
    expect(a).toBe(b);
  });

  it('gives the same ids on every export, and a new day changes only its own resources', async () => {
    // The sandbox revises its last days as a real API does (late rows), so this one holds still.
    const held: MetricRowJson[] = [];
    const addDay = (date: string) =>
      held.unshift(
        {
          date,
          provider: 'WatchCo',
          metric: 'heart_rate',
          numValue: 60,
          textValue: null,
          unit: 'bpm',
          stream: false,
        },
        {
          date,
          provider: 'PhoneHealth',
          metric: 'steps',
          numValue: 5000,
          textValue: null,
          unit: 'count',
          stream: false,
        },
        {
          date,
          provider: 'PhoneHealth',
          metric: 'steps_total',
          numValue: 5000,
          textValue: null,
          unit: 'count',
          stream: false,
        },
      );
    for (let i = 20; i >= 0; i--) addDay(addDays(TODAY, -i));
    const server = await startServer((req, res) =>
      new URL(req.url ?? '/', 'http://x').pathname === '/api/v1/metrics'
        ? send(res, 200, pageBody(held, null))
        : send(res, 200, JSON.stringify({ user: { id: 'u1' }, metrics: [], meta: META })),
    );
    try {
      const range = ['daily', '--from', addDays(TODAY, -20), '-f', 'fhir', '--with-patient'];
      const first = await hd(server.url, range, { clock: fixedClock(TODAY) });
      expect(first.code, first.stderr).toBe(0);
      const again = await hd(server.url, range, { clock: fixedClock(TODAY) });
      expect(again.stdout).toBe(first.stdout);
      addDay(addDays(TODAY, 1));
      const later = await hd(server.url, range, { clock: fixedClock(addDays(TODAY, 1)) });
      const before = ndjsonResources(first.stdout).map((r) => JSON.stringify(r));
      const after = ndjsonResources(later.stdout).map((r) => JSON.stringify(r));
      const added = after.filter((r) => !before.includes(r));
      expect(after.filter((r) => before.includes(r))).toEqual(before);
      expect(added).toHaveLength(2);
      for (const r of added) expect(r).toContain(`"effectiveDateTime":"${addDays(TODAY, 1)}"`);
    } finally {
      await server.close();
    }
  });
});

type Said = Parameters<typeof byValue>[0];
const byValues = (a: Said, b: Said) => byValue(a).localeCompare(byValue(b));

function byValue(r: {
  date: unknown;
  metric: unknown;
  provider: unknown;
  value: unknown;
  text: unknown;
}) {
  return `${byKey(r)} ${JSON.stringify(r.value)} ${JSON.stringify(r.text)}`;
}
