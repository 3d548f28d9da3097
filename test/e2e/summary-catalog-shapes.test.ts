// summary against servers whose catalog has another shape: the spec does not show it, so
// twins come from any readable shape, and an unreadable one degrades without adding rows up.
import { describe, expect, it } from 'vitest';
import {
  hd,
  pageBody,
  send,
  useTestServers,
  type Handler,
  type MetricRowJson,
} from '../helpers/test-server.ts';

const serve = useTestServers();

const row = (date: string, metric: string, value: number): MetricRowJson => ({
  date,
  provider: 'Phone',
  metric,
  numValue: value,
  textValue: null,
  unit: 'count',
  stream: false,
});
const ROWS = [
  row('2026-11-20', 'steps', 5000),
  row('2026-11-20', 'steps', 4000),
  row('2026-11-20', 'steps_total', 7000),
  row('2026-11-19', 'steps', 3000),
  row('2026-11-19', 'steps_total', 3000),
];

/** /catalog answers `catalog`; /metrics answers the rows of the asked-for metrics. */
const api =
  (catalog: string): Handler =>
  (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.endsWith('/catalog')) return send(res, 200, catalog);
    const asked = url.searchParams.getAll('metric').flatMap((m) => m.split(','));
    const data = ROWS.filter((r) => asked.length === 0 || asked.includes(r.metric));
    send(res, 200, pageBody(data, null));
  };

describe('catalog shapes', () => {
  it('finds the twin in a bare array of names and asks for it with the metric', async () => {
    const server = await serve(api('["steps","steps_total"]'));
    const { code, stdout } = await hd(server.url, ['summary', '-m', 'steps', '-f', 'csv']);
    expect(code).toBe(0);
    const sent = server.requests.find((r) => r.path.endsWith('/metrics'));
    expect(sent?.query.getAll('metric')).toEqual(['steps', 'steps_total']);
    expect(stdout).toContain(
      'steps,Phone,count,twin,steps_total,2,2026-11-19,2026-11-20,3000,5000',
    );
  });

  it('without readable names, warns, asks for the metric alone, and still never adds up', async () => {
    const server = await serve(api('{"something":"else"}'));
    const { code, stdout, stderr } = await hd(server.url, ['summary', '-m', 'steps', '-f', 'csv']);
    expect(code).toBe(0);
    expect(stderr).toContain('could not read the metric names in the catalog');
    const sent = server.requests.find((r) => r.path.endsWith('/metrics'));
    expect(sent?.query.getAll('metric')).toEqual(['steps']);
    // No twin among the names read: 5000 and 4000 on one day are that day's mean (4500),
    // never 9000; the statistics are over the two daily values 3000 and 4500.
    expect(stdout).toContain(
      'steps,Phone,count,several,steps,2,2026-11-19,2026-11-20,3000,3750,3750,4500,4500',
    );
    expect(stdout).not.toContain('9000');
  });
});
