// summary against servers whose catalog has another shape: the spec does not show it, so
// twins come from any readable shape, and an unreadable one degrades without adding rows up:
// the twin is asked for anyway, as on every surface (test/e2e/twins-unread-catalog.test.ts).
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

  it('without readable names, warns, asks for the twin anyway, and takes it where it arrives', async () => {
    const server = await serve(api('{"something":"else"}'));
    const { code, stdout, stderr } = await hd(server.url, ['summary', '-m', 'steps', '-f', 'csv']);
    expect(code).toBe(0);
    expect(stderr).toContain('could not read the metric names in the catalog');
    const sent = server.requests.find((r) => r.path.endsWith('/metrics'));
    // One rule on every surface (src/daily/asked-names.ts): unknown names ask for the twin.
    expect(sent?.query.getAll('metric')).toEqual(['steps', 'steps_total']);
    // The twin's 7000 and 3000, never 5000 + 4000 of the apps' rows.
    expect(stdout).toContain(
      'steps,Phone,count,twin,steps_total,2,2026-11-19,2026-11-20,3000,5000',
    );
    expect(stdout).not.toContain('9000');
  });
});
