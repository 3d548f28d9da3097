// The report for the person reading it (issue 34), in chromium: a point for every measurement
// of a line measured now and then; no usual range below 0 (or above 100 %) where no value can
// be; whose data it is in the title, a hostile display name staying text; no legend row; one
// list of a text metric's values; a summary table that fits a phone; contents that jump.
// One server (a profile endpoint and metrics shaped for each case) and one browser per file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, COUNT_POINTS, openFile, useBrowser } from '../helpers/browser.ts';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { modelOf } from '../helpers/report.ts';
import { addDays } from '../helpers/sandbox.ts';
import {
  API_KEY,
  send,
  startServer,
  type MetricRowJson,
  type TestServer,
} from '../helpers/test-server.ts';

const TODAY = '2026-11-20';
const DAYS = 200;
const FROM = addDays(TODAY, -(DAYS - 1));
/** Markup, quotes, an entity, a right-to-left override and a title closer, as a display name. */
const NAME = `<script>window.__pwned=1</script> "Ada" 'O\u202Egnol' &amp; </title>`;
/** The name as the title shows it: every character as sent, the override as its escape. */
const SHOWN = `<script>window.__pwned=1</script> "Ada" 'O\\u202egnol' &amp; </title>`;
const TYPES = ['Run', 'Swim', 'Ride', 'Yoga', 'Lift', 'Row'];

/** Day i is i days before TODAY; newest first, as the API sends them. */
function rows(): MetricRowJson[] {
  const out: MetricRowJson[] = [];
  const base = { provider: 'Band', textValue: null, stream: false };
  for (let i = 0; i < DAYS + 40; i++) {
    const date = addDays(TODAY, -i);
    const num = (metric: string, unit: string, numValue: number) =>
      out.push({ ...base, date, metric, unit, numValue });
    // Weighed every third day: a sparse line.
    if (i % 3 === 0) num('weight', 'kg', 80 + (i % 7) * 0.3);
    // Every day but two gaps, with one lone day (60 days ago) between them.
    if (i < 50 || i > 70 || i === 60) num('steps', 'count', 5000 + ((i * 37) % 3000));
    // Spread around 200 from 0: the rule's band reaches far below 0.
    num('active_energy', 'kcal', (i * 97) % 400);
    // 95–99 %: the rule's band reaches above 100.
    num('spo2', '%', 95 + (i % 6) * 0.8);
    // Below and above 0: the band keeps its negative side.
    num('temperature_delta', '°C', (((i * 7) % 21) - 10) / 10);
    if (i % 2 === 0) {
      const textValue = TYPES[(i / 2) % TYPES.length] ?? null;
      out.push({ ...base, date, metric: 'workout_type', unit: null, numValue: null, textValue });
    }
  }
  return out;
}

describe.skipIf(browserMissing())('report for people', () => {
  const browser = useBrowser();
  const dir = tempDir('healthdata-report-');
  let server: TestServer;
  let profile: object = { user: { name: NAME } };
  const all = rows();
  const catalog = [...new Set(all.map((r) => r.metric))];

  beforeAll(async () => {
    server = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.endsWith('/profile')) return send(res, 200, JSON.stringify(profile));
      if (url.pathname.endsWith('/catalog')) {
        return send(res, 200, JSON.stringify({ metrics: catalog }));
      }
      const from = url.searchParams.get('from') ?? '0000';
      const to = url.searchParams.get('to') ?? '9999';
      const data = all.filter((r) => r.date >= from && r.date <= to);
      const meta = { plan: 'pro', history_window_days: 730, history_floor: null, source_cap: 5 };
      send(res, 200, JSON.stringify({ data, next_cursor: null, meta }));
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** `report --profile alice` (a config file naming the server), from FROM to TODAY. */
  async function report(name: string, extra: string[] = []): Promise<string> {
    const config = tempDir('healthdata-config-');
    const file = { profiles: { alice: { 'api-key': API_KEY, 'base-url': server.url } } };
    writeFileSync(join(config, 'config.json'), JSON.stringify(file), { mode: 0o600 });
    const out = join(dir, name);
    const r = await runCli(['report', '--from', FROM, '-o', out, ...extra], {
      clock: fixedClock(TODAY),
      env: { HEALTHDATA_CONFIG_DIR: config },
    });
    expect(r.code, r.stderr).toBe(0);
    return out;
  }
  let made: Promise<string> | undefined;
  const aliceReport = () => (made ??= report('alice.html', ['--profile', 'alice']));

  it('draws a point for every measurement of a sparse line, and for a lone day of a dense one', async () => {
    const file = await aliceReport();
    const model = modelOf(file);
    const { page, problems } = await openFile(browser.current, file, { init: COUNT_POINTS });
    const drawn = (await page.evaluate(`[...document.querySelectorAll('article.card')]
      .filter((card) => card.querySelector('canvas'))
      .map((card) => ({
        id: card.id,
        radii: card.querySelector('canvas').__points(),
      }))`)) as { id: string; radii: number[] }[];
    expect(problems).toEqual([]);
    const line = (metric: string) => model.series.find((s) => s.metric === metric);
    const count = (metric: string): number => {
      const s = line(metric);
      // The daily values' points are the small ones (a flagged day's marker is larger).
      return drawn.find((d) => d.id === s?.id)?.radii.filter((r) => r < 3).length ?? -1;
    };
    const weight = line('weight');
    expect(weight?.sparse).toBe(true);
    const weighIns = weight?.values.filter((v) => v !== null).length;
    expect(weighIns).toBe(Math.ceil(DAYS / 3));
    expect(count('weight')).toBe(weighIns);
    // A dense line over more than 120 days: its line shows the days in a row; the one day
    // between two gaps, which no line reaches, has its point.
    expect(line('steps')?.sparse).toBe(false);
    expect(count('steps')).toBe(1);
    await page.context().close();
  });

  it('keeps the usual range inside the values a line can take', async () => {
    const model = modelOf(await aliceReport());
    const edges = (metric: string) => {
      const s = model.series.find((x) => x.metric === metric);
      const low = (s?.low ?? []).filter((v): v is number => v !== null);
      const high = (s?.high ?? []).filter((v): v is number => v !== null);
      return { low: Math.min(...low), high: Math.max(...high), days: low.length };
    };
    // Never negative: the band's floor is 0 (the rule's band went far below it).
    const energy = edges('active_energy');
    expect(energy.days).toBeGreaterThan(100);
    expect(energy.low).toBe(0);
    // A percentage: inside 0–100.
    const spo2 = edges('spo2');
    expect(spo2.high).toBe(100);
    expect(spo2.low).toBeGreaterThan(0);
    // Values below 0: the band keeps its negative side.
    expect(edges('temperature_delta').low).toBeLessThan(-1);
    // Every line whose values are all ≥ 0 has no band below 0.
    for (const s of model.series) {
      if (s.values.some((v) => v !== null && v < 0)) continue;
      expect(Math.min(...s.low.map((v) => v ?? 0)), s.metric).toBeGreaterThanOrEqual(0);
    }
    // And the page's data table says the same.
    const { page } = await openFile(browser.current, await aliceReport());
    const card = page.locator('article.card', { hasText: 'active_energy' }).first();
    await card.locator('details', { hasText: 'Data table' }).locator('summary').click();
    // The table is filled when it opens: wait for its rows, not for the click alone.
    await card.locator('tbody tr td:nth-child(4)').nth(100).waitFor();
    const from = await card.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(from.length).toBeGreaterThan(100);
    for (const v of from)
      if (v !== '—') expect(Number(v.replace(/,/g, ''))).toBeGreaterThanOrEqual(0);
    await page.context().close();
  });

  it('names whose data it is in the title and the heading, a hostile name as text', async () => {
    const file = await aliceReport();
    const { page, problems } = await openFile(browser.current, file);
    expect(problems).toEqual([]);
    const who = `${SHOWN} (profile alice)`;
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.title()).toBe(`Health report: ${who}, ${FROM} to ${TODAY}`);
    expect(await page.locator('h1').textContent()).toBe(`Health report: ${who}`);
    const facts = page.locator('#top .facts div', { hasText: 'Whose data' });
    expect(await facts.locator('dd').textContent()).toBe(who);
    expect(await page.evaluate('document.scripts.length')).toBe(3);
    await page.context().close();

    // A profile with no display name and no config profile: no one is named.
    profile = { user: { id: 'u1' } };
    try {
      const config = tempDir('healthdata-config-');
      const out = join(dir, 'nobody.html');
      const r = await runCli(
        ['report', '--from', FROM, '-o', out, '--base-url', server.url, '--api-key', API_KEY],
        { clock: fixedClock(TODAY), env: { HEALTHDATA_CONFIG_DIR: config } },
      );
      expect(r.code, r.stderr).toBe(0);
      const nobody = await openFile(browser.current, out);
      expect(await nobody.page.title()).toBe(`Health report, ${FROM} to ${TODAY}`);
      expect(await nobody.page.locator('h1').textContent()).toBe('Health report');
      expect(await nobody.page.locator('#top').textContent()).not.toContain('Whose data');
      await nobody.page.context().close();
    } finally {
      profile = { user: { name: NAME } };
    }
  });

  it('has no legend row; the line under a chart reads the day under the pointer', async () => {
    const { page } = await openFile(browser.current, await aliceReport());
    expect(await page.locator('.u-legend').count()).toBe(0);
    const card = page.locator('article.card', { hasText: 'weight' }).first();
    await card.scrollIntoViewIfNeeded();
    // With no pointer: the latest day.
    expect(await card.locator('.readout').textContent()).toMatch(new RegExp(`^${TODAY}: 80 kg`));
    const box = await card.locator('.u-over').boundingBox();
    expect(box).not.toBeNull();
    if (box) await page.mouse.move(box.x + 2, box.y + box.height / 2);
    expect(await card.locator('.readout').textContent()).toMatch(new RegExp(`^${FROM}: `));
    await page.context().close();
  });

  it('lists a text metric’s values once: as many as its bars', async () => {
    const { page } = await openFile(browser.current, await aliceReport());
    const card = page.locator('article.card', { hasText: 'workout_type' }).first();
    const fact = card.locator('.facts div', { hasText: 'Different values' }).locator('dd');
    expect(await fact.textContent()).toBe(String(TYPES.length));
    expect(await card.locator('.counts li').count()).toBe(TYPES.length);
    expect(await card.textContent()).not.toContain('Most frequent');
    await page.context().close();
  });

  it('fits a 390 px phone, and its contents jump to each metric', async () => {
    const { page } = await openFile(browser.current, await aliceReport(), { width: 390 });
    const fit = (await page.evaluate(`({
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      table: [document.getElementById('overview').scrollWidth,
        document.getElementById('overview').clientWidth],
      right: Math.max(...[...document.querySelectorAll('#overview tr, #overview td')]
        .map((e) => e.getBoundingClientRect().right)),
    })`)) as { page: number[]; table: number[]; right: number };
    expect(fit.page[0]).toBeLessThanOrEqual(fit.page[1] ?? 0);
    expect(fit.table[0]).toBeLessThanOrEqual(fit.table[1] ?? 0);
    expect(fit.right).toBeLessThanOrEqual(390);
    const links = page.locator('nav.toc a');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs).toHaveLength(
      new Set(modelOf(await aliceReport()).series.map((s) => s.metric)).size + 1,
    );
    for (const href of hrefs) {
      expect(href).toMatch(/^#m\d+$/);
      expect(await page.locator(href).count()).toBe(1);
    }
    // The second metric's section: far down the page, with more page below it.
    const target = hrefs[1] ?? '';
    await links.nth(1).click();
    await page.waitForFunction(`location.hash === ${JSON.stringify(target)}`);
    const top = (await page.evaluate(
      `document.querySelector(${JSON.stringify(target)}).getBoundingClientRect().top`,
    )) as number;
    expect(Math.abs(top)).toBeLessThan(5);
    await page.context().close();
  });
});
