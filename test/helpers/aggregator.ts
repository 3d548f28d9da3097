// A server on 127.0.0.1 that behaves like a phone health aggregator, for the tests that every
// surface shows the same daily value: steps_total missing on some days, active_energy_total
// only for the last 60 days, several source rows a day, full-precision numbers, one metric
// from two providers, text rows with commas and quotes. The same rows every run.
import { addDays } from '../../src/lib/dates.ts';
import { META, send, startServer, type MetricRowJson, type TestServer } from './test-server.ts';

export const TODAY = '2026-11-20';
export const DAYS = 120;

export interface DailyRow {
  date: string;
  metric: string;
  provider: string;
  value: number | null;
  text: string | null;
  unit: string | null;
  basis: string;
  rows: number;
}
/** A small deterministic generator: the same rows every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function aggregatorRows(): MetricRowJson[] {
  const next = random(33);
  const rows: MetricRowJson[] = [];
  const add = (
    date: string,
    provider: string,
    metric: string,
    num: number | string,
    unit: string | null,
  ) =>
    rows.push({
      date,
      provider,
      metric,
      numValue: typeof num === 'number' ? num : null,
      textValue: typeof num === 'string' ? num : null,
      unit,
      stream: false,
    });
  for (let i = 0; i < DAYS; i++) {
    const date = addDays(TODAY, -i);
    // steps: one to three apps a day; the total missing every seventh day.
    const apps = 1 + Math.floor(next() * 3);
    for (let a = 0; a < apps; a++)
      add(date, 'PhoneHealth', 'steps', 2000 + Math.floor(next() * 9000), 'count');
    if (i % 7 !== 3)
      add(date, 'PhoneHealth', 'steps_total', 5000 + Math.floor(next() * 8000), 'count');
    add(date, 'WristBand', 'steps', 3000 + Math.floor(next() * 9000), 'count');
    // active_energy: two apps most days; its total only for the last 60 days.
    const energyApps = next() < 0.25 ? 1 : 2;
    for (let a = 0; a < energyApps; a++)
      add(date, 'PhoneHealth', 'active_energy', 100 + next() * 400, 'kcal');
    if (i < 60) add(date, 'PhoneHealth', 'active_energy_total', 150 + next() * 500, 'kcal');
    // walking_heart_rate: one or two apps, no twin: the mean.
    const hrApps = next() < 0.5 ? 1 : 2;
    for (let a = 0; a < hrApps; a++)
      add(date, 'PhoneHealth', 'walking_heart_rate', 90 + next() * 30 + 1 / 3, 'bpm');
    // hrv from two devices: never mixed.
    add(date, 'RingWear', 'hrv', 40 + next() * 40, 'ms');
    if (i % 5 !== 0) add(date, 'WristBand', 'hrv', 30 + next() * 50, 'ms');
    // mood: text, sometimes two entries a day, with commas and quotes.
    if (i % 3 === 0)
      add(
        date,
        'MindfulApp',
        'mood',
        ['calm', 'tired, "ok"', 'ünï'][i % 9 === 0 ? 1 : 0] as string,
        null,
      );
    if (i % 9 === 0) add(date, 'MindfulApp', 'mood', 'calm', null);
  }
  return rows;
}

export const ROWS = aggregatorRows();
const NAMES = [...new Set(ROWS.map((r) => r.metric))].sort();

/** The API: a catalog of names, and metrics newest first, filtered and paged by cursor. */
export function aggregator(): Promise<TestServer> {
  return startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.endsWith('/catalog')) return send(res, 200, JSON.stringify(NAMES));
    if (!url.pathname.endsWith('/metrics')) return send(res, 404, '{"error":"not found"}');
    const list = (name: string) => url.searchParams.getAll(name).flatMap((v) => v.split(','));
    const metrics = list('metric');
    const providers = list('provider').map((p) => p.toLowerCase());
    const from = url.searchParams.get('from') ?? '0000';
    const to = url.searchParams.get('to') ?? '9999';
    const data = ROWS.filter(
      (r) =>
        (metrics.length === 0 || metrics.includes(r.metric)) &&
        (providers.length === 0 || providers.includes(r.provider.toLowerCase())) &&
        r.date >= from &&
        r.date <= to,
    );
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 200);
    const end = start + limit;
    const body = {
      data: data.slice(start, end),
      next_cursor: end < data.length ? String(end) : null,
      meta: { ...META, history_floor: addDays(TODAY, -364) },
    };
    send(res, 200, JSON.stringify(body));
  });
}
