// A server whose numbers sit at the edges of the doubles, beside an ordinary metric: 60 days
// (2026-09-22 to 2026-11-20) of one row a day per metric from provider P, each metric's rows
// on a page of their own, written as the tokens a server sends (JSON.stringify cannot write
// 1e400 or 9007199254740993).
import type { Handler } from './test-server.ts';
import { META, send } from './test-server.ts';

export const LAST = '2026-11-20';
export const FIRST = '2026-09-22';
export const DAYS = 60;

/** Day i, i days before LAST (0 is LAST). */
export function dayAgo(i: number): string {
  return new Date(Date.parse(`${LAST}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10);
}

/** The day of the ordinary metric's one spike. */
export const SPIKE_AGO = 5;

/** The ordinary metric: 8000–8100, one spike of 30000. */
export function stepsOn(i: number): number {
  return i === SPIKE_AGO ? 30_000 : 8000 + ((i * 37) % 11) * 10;
}

/** A day of `unheld` holds a number past every double on 48 of the 60 days. */
export const heldOn = (i: number): boolean => i % 5 === 0;

/** Each metric's number token on day i. */
export const TOKENS: Record<string, (i: number) => string> = {
  steps: (i) => String(stepsOn(i)),
  huge_constant: () => '1e308',
  // 1.0e308 to 1.5e308, with a period of 6 days: the two halves of the range hold the same values.
  near_max: (i) => `${10 + (i % 6)}e307`,
  opposed: (i) => (i % 2 === 0 ? '1e308' : '-1e308'),
  tiny: () => '5e-324',
  big_integer: () => '9007199254740993',
  unheld: (i) => (heldOn(i) ? String(50 + (i % 3)) : i % 10 === 1 ? '-1e400' : '1e400'),
};

export const METRICS = Object.keys(TOKENS);

function rowText(metric: string, date: string, token: string): string {
  return `{"date":"${date}","provider":"P","metric":"${metric}","numValue":${token},"textValue":null,"unit":"u","stream":false}`;
}

/** The API: the catalog, and one page per metric asked for, newest day first. */
export function hugeNumbersApi(): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.endsWith('/catalog')) {
      const metrics = METRICS.map((name) => ({ name, unit: 'u', kind: 'number' }));
      return send(res, 200, JSON.stringify({ metrics, meta: META }));
    }
    if (!url.pathname.endsWith('/metrics')) return send(res, 404, '{"error":{"code":"nf"}}');
    const asked = url.searchParams.getAll('metric').flatMap((m) => m.split(','));
    const metrics = METRICS.filter((m) => asked.length === 0 || asked.includes(m));
    const from = url.searchParams.get('from') ?? '0000-00-00';
    const to = url.searchParams.get('to') ?? '9999-99-99';
    const n = Number(/^c(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0);
    const metric = metrics[n];
    const rows: string[] = [];
    if (metric !== undefined) {
      for (let i = 0; i < DAYS; i++) {
        const date = dayAgo(i);
        if (date >= from && date <= to) rows.push(rowText(metric, date, TOKENS[metric]!(i)));
      }
    }
    const next = n + 1 < metrics.length ? `"c${n + 1}"` : 'null';
    send(
      res,
      200,
      `{"data":[${rows.join(',')}],"next_cursor":${next},"meta":${JSON.stringify(META)}}`,
    );
  };
}
