// A server whose names and values are markup, script, links and line separators: in the
// report they are text. No script of theirs runs (a sentinel stays unset, and the CSP reports
// no refused script, which it would if markup had been interpreted), no element or link of
// theirs exists, and each string shows exactly as sent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserMissing, openFile, useBrowser } from '../helpers/browser.ts';
import { tempDir } from '../helpers/cli.ts';
import { hd, send, useTestServers, type MetricRowJson } from '../helpers/test-server.ts';

const TODAY = '2026-11-20'; // the day hd()'s clock says
const FROM = '2026-10-21';

const METRIC = '<script>window.__pwned = "metric"</script>';
const CLOSER = '</script><script>window.__pwned = "closer"</script>';
const PROVIDER = '<img src=x onerror="window.__pwned = \'img\'">';
const QUOTES = `"'><svg onload=window.__pwned=1> 'unbalanced "quotes`;
const UNIT = '</style><a href="javascript:window.__pwned=2">unit</a>';
const TEXTS = ['javascript:window.__pwned=3', 'line\u2028separator\u2029para', '<!-- &amp; ]]>'];
const PLAN = '<b>pro</b><script>window.__pwned = "plan"</script>';
const FLOOR = '</title><script>window.__pwned = "floor"</script>';

function rows(): MetricRowJson[] {
  const out: MetricRowJson[] = [];
  for (let i = 0; i < 30; i++) {
    const date = new Date(Date.parse(`${TODAY}T00:00:00Z`) - i * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const row = { date, textValue: null, unit: UNIT, stream: false };
    out.push({ ...row, provider: PROVIDER, metric: METRIC, numValue: 50 + (i % 7) });
    out.push({ ...row, provider: QUOTES, metric: CLOSER, numValue: i === 0 ? 400 : 10 + (i % 3) });
    out.push({
      ...row,
      provider: QUOTES,
      metric: 'mood',
      numValue: null,
      textValue: TEXTS[i % 3] ?? null,
    });
  }
  return out;
}

describe.skipIf(browserMissing())('report with hostile server text', () => {
  const serve = useTestServers();
  const browser = useBrowser();

  it('runs none of it, and shows it as text', async () => {
    const all = rows();
    const server = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.endsWith('/catalog')) {
        return send(res, 200, JSON.stringify({ metrics: [METRIC, CLOSER, 'mood'] }));
      }
      const from = url.searchParams.get('from') ?? '0000';
      const to = url.searchParams.get('to') ?? '9999';
      const data = all.filter((r) => r.date >= from && r.date <= to);
      const meta = { plan: PLAN, history_window_days: 365, history_floor: FLOOR, source_cap: 3 };
      send(res, 200, JSON.stringify({ data, next_cursor: null, meta }));
    });
    const file = join(tempDir('healthdata-report-'), 'hostile.html');
    const r = await hd(server.url, ['report', '--from', '30d', '-o', file]);
    expect(r.code, r.stderr).toBe(0);

    const html = readFileSync(file, 'utf8');
    // Three script elements (data, uPlot, the page's own), however many the data names.
    expect(html.match(/<script/gi)).toHaveLength(3);
    expect(html.match(/<\/script/gi)).toHaveLength(3);
    expect(html).not.toContain('\u2028');
    // In the file the names are JSON with < > & escaped: no tag of theirs is in the markup.
    expect(html).not.toMatch(/<img|<svg|<b>|<a /i);

    const { page, problems, requests } = await openFile(browser.current, file);
    expect(problems).toEqual([]);
    expect(requests).toEqual([page.url()]);
    // Read in the page as source text: the tests are compiled without the DOM's types.
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.title()).toBe(`Health report, ${FROM} to ${TODAY}`);
    const dom = (await page.evaluate(`({
      scripts: document.scripts.length,
      planted: document.querySelectorAll('img, svg, iframe, object, embed, b, body style').length,
      handlers: [...document.querySelectorAll('*')].flatMap((e) =>
        [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
      links: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
      titles: [...document.querySelectorAll('article.card h3')].map((h) => h.textContent),
      text: document.body.textContent,
    })`)) as {
      scripts: number;
      planted: number;
      handlers: string[];
      links: string[];
      titles: string[];
      text: string;
    };
    expect(dom.scripts).toBe(3);
    expect(dom.planted).toBe(0);
    expect(dom.handlers).toEqual([]);
    for (const href of dom.links) expect(href).toMatch(/^#[mst]\d+$/);
    expect(dom.titles).toEqual(
      expect.arrayContaining([
        `${METRIC} · ${PROVIDER}`,
        `${CLOSER} · ${QUOTES}`,
        `mood · ${QUOTES}`,
      ]),
    );
    for (const text of [UNIT, PLAN, ...TEXTS]) expect(dom.text).toContain(text);
    // A history floor that is not a date is not believed (read as null), so it is not shown.
    expect(dom.text).not.toContain(FLOOR);
    // The planted spike is flagged, with the hostile names on its card.
    const card = page.locator('article.card', { hasText: CLOSER });
    expect(await card.locator('.flags li').first().textContent()).toContain(`${TODAY}: 400 `);
    await page.context().close();
  });
});
