// One twin rule on every surface when the catalog cannot be read (src/daily/asked-names.ts):
// against a server whose catalog answers 500, `summary`, `summary --by`, `report` and the MCP
// tools `daily_summary` and `trend` all ask for `steps` with `steps_total`, and all take the
// day's value from the twin: never the mean or the sum of the source apps' rows.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tempDir } from '../helpers/cli.ts';
import { inMemoryServer } from '../helpers/mcp.ts';
import { modelOf } from '../helpers/report.ts';
import {
  API_KEY,
  hd,
  pageBody,
  send,
  useTestServers,
  type Handler,
  type MetricRowJson,
  type TestServer,
} from '../helpers/test-server.ts';
import { fixedClock } from '../helpers/cli.ts';

const serve = useTestServers();
const TODAY = '2026-11-20';

const row = (date: string, provider: string, metric: string, value: number): MetricRowJson => ({
  date,
  provider,
  metric,
  numValue: value,
  textValue: null,
  unit: 'count',
  stream: false,
});
// Two apps' rows and the aggregator's total on the 20th; one app and the total on the 19th.
// Each app's rows are under its own provider name in the API; here all three are one
// aggregator's, so the twin decides the day: 7000 and 3000, never 4500 (the apps' mean).
const ROWS = [
  row('2026-11-20', 'Hub', 'steps', 5000),
  row('2026-11-20', 'Hub', 'steps', 4000),
  row('2026-11-20', 'Hub', 'steps_total', 7000),
  row('2026-11-19', 'Hub', 'steps', 3000),
  row('2026-11-19', 'Hub', 'steps_total', 3000),
];

/** A catalog that answers 500; /metrics answers the rows of the metrics asked for. */
const api: Handler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.endsWith('/catalog')) {
    return send(res, 500, '{"error":{"code":"internal","message":"catalog down"}}');
  }
  const asked = url.searchParams.getAll('metric').flatMap((m) => m.split(','));
  const data = ROWS.filter((r) => asked.length === 0 || asked.includes(r.metric));
  send(res, 200, pageBody(data, null));
};

/** The metric names of every /metrics request the server saw since `mark`. */
const askedSince = (server: TestServer, mark: number): string[][] =>
  server.requests
    .slice(mark)
    .filter((r) => r.path.endsWith('/metrics'))
    .map((r) => r.query.getAll('metric'));

describe('twins when the catalog answers 500', () => {
  it('every surface asks for the twin and takes the day from it', async () => {
    const server = await serve(api);
    const cli = (args: string[]) => hd(server.url, [...args, '--retries', '0']);

    let mark = server.requests.length;
    const summary = await cli(['summary', '-m', 'steps', '--from', '2026-11-19', '-f', 'json']);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stderr).toContain('could not read the metric names in the catalog');
    const [line] = (JSON.parse(summary.stdout) as { data: Record<string, unknown>[] }).data;
    expect(line).toMatchObject({ metric: 'steps', rule: 'twin', from: 'steps_total' });
    expect(line?.['daily']).toEqual([
      { date: '2026-11-19', value: 3000, basis: 'total' },
      { date: '2026-11-20', value: 7000, basis: 'total' },
    ]);
    expect(askedSince(server, mark)).toEqual([['steps', 'steps_total']]);

    mark = server.requests.length;
    const weeks = await cli(['summary', '--by', 'week', '-m', 'steps', '--from', '2026-11-19']);
    expect(weeks.code, weeks.stderr).toBe(0);
    expect(weeks.stdout).toContain('steps,Hub,count,total,2026-11-16,2,5000,3000,7000,true');
    expect(askedSince(server, mark)).toEqual([['steps', 'steps_total']]);

    mark = server.requests.length;
    const file = join(tempDir(), 'report.html');
    const report = await cli(['report', '-m', 'steps', '--from', '2026-11-19', '-o', file]);
    expect(report.code, report.stderr).toBe(0);
    const [series] = modelOf(file).series;
    expect(series).toMatchObject({ metric: 'steps', rule: 'twin' });
    expect(series?.values).toEqual([3000, 7000]);
    // The range, then the baseline's lead-in before it: both with the twin.
    const reportAsked = askedSince(server, mark);
    expect(reportAsked.length).toBeGreaterThan(0);
    expect(reportAsked.every((m) => m.join() === 'steps,steps_total')).toBe(true);

    const mcp = await inMemoryServer(server.url, API_KEY, { clock: fixedClock(TODAY) });
    try {
      mark = server.requests.length;
      const daily = await mcp.call('daily_summary', { metrics: ['steps'], from: '2026-11-19' });
      expect(daily.isError, daily.text).toBe(false);
      const [entry] = daily.structured['entries'] as Record<string, unknown>[];
      expect(entry).toMatchObject({ metric: 'steps', rule: 'twin', from: 'steps_total' });
      expect(entry?.['daily']).toMatchObject({
        date: ['2026-11-19', '2026-11-20'],
        value: [3000, 7000],
      });
      expect((daily.structured['notes'] as string[]).join(' ')).toContain(
        'The catalog could not be read',
      );
      // The API's words stay out of the notes.
      expect(daily.text).not.toContain('catalog down');

      const trend = await mcp.call('trend', { metrics: ['steps'], from: '2026-11-19' });
      expect(trend.isError, trend.text).toBe(false);
      expect(trend.structured['items']).toEqual([
        {
          metric: 'steps',
          provider: 'Hub',
          unit: 'count',
          basis: 'total',
          period: '2026-11-16',
          days: 2,
          mean: 5000,
          min: 3000,
          max: 7000,
          partial: true,
        },
      ]);
      expect(askedSince(server, mark)).toEqual([
        ['steps', 'steps_total'],
        ['steps', 'steps_total'],
      ]);
    } finally {
      await mcp.close();
    }
  });
});
