// `healthdata report` in a real browser (chromium, headless): the page renders with no error
// and asks for nothing but itself; every chart is drawn; the numbers it shows are the ones
// `summary -f json`, `anomalies -f json` and `summary --by` give for the same range; hover and
// keyboard; screenshots at phone and desktop width.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserMissing, openFile, useBrowser } from '../helpers/browser.ts';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import {
  DAYS,
  FROM,
  lineOf,
  modelOf,
  numbersOf,
  pick,
  type SummaryItem,
} from '../helpers/report.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { ROOT } from '../helpers/spawn.ts';

const clock = () => fixedClock(TODAY);

describe.skipIf(browserMissing())('healthdata report in chromium', () => {
  const sandbox = useSandbox();
  const browser = useBrowser();
  const dir = tempDir('healthdata-report-');

  async function json<T>(args: string[]): Promise<T> {
    const r = await runCli([...args, '-f', 'json', ...sandbox.args()], { clock: clock() });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  }
  const report = join(dir, 'report.html');
  let made: Promise<string> | undefined;
  /** The default report of the sandbox, made once; its stderr line is kept. */
  function defaultReport(): Promise<string> {
    made ??= runCli(['report', '-o', report, ...sandbox.args()], { clock: clock() }).then((r) => {
      expect(r.code, r.stderr).toBe(0);
      return r.stderr;
    });
    return made;
  }

  it('renders with no console error and asks for nothing but the file', async () => {
    const stderr = await defaultReport();
    expect(stderr).toMatch(
      new RegExp(
        `^wrote ${report.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ KB, \\d+ metrics \\(\\d+ charts, \\d+ text\\), ${FROM} to ${TODAY} \\(${DAYS} days\\), \\d+ days? flagged\\n$`,
        'm',
      ),
    );
    const { page, requests, problems } = await openFile(browser.current, report);
    expect(problems).toEqual([]);
    expect(requests).toEqual([page.url()]);
    // The sandbox's profile names its user: whose data it is.
    expect(await page.title()).toBe(`Health report: Sam Sandbox, ${FROM} to ${TODAY}`);
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'sha256-[^']+' 'sha256-[^']+'; style-src 'sha256-[^']+';/,
    );
    expect(csp).not.toContain('unsafe');
    await page.context().close();
  });

  it('draws every numeric line as a chart with pixels on its canvas', async () => {
    await defaultReport();
    const summary = await json<{ data: SummaryItem[] }>(['summary', '--from', FROM]);
    const numeric = summary.data.filter((s) => s.days > 0 && s.rule !== 'text');
    const { page } = await openFile(browser.current, report);
    const drawn = await page.$$eval('article.card .chart', (boxes) =>
      boxes.map((box) => {
        const canvas = box.querySelector('canvas');
        if (!canvas) return 0;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let i = 3; i < (data?.length ?? 0); i += 4) if ((data?.[i] ?? 0) > 0) painted++;
        return painted;
      }),
    );
    expect(drawn).toHaveLength(numeric.length);
    for (const painted of drawn) expect(painted).toBeGreaterThan(2000);
    await page.context().close();
  });

  it('shows the numbers summary -f json gives, and charts its daily series', async () => {
    await defaultReport();
    const summary = await json<{ data: SummaryItem[] }>(['summary', '--from', FROM]);
    const model = modelOf(report);
    const { page } = await openFile(browser.current, report);
    const lines = [...model.series, ...model.texts];
    expect(lines).toHaveLength(summary.data.filter((s) => s.days > 0).length);
    for (const item of summary.data.filter((s) => s.days > 0)) {
      const line = lineOf(model, item);
      expect(line, `${item.metric} ${item.provider}`).toBeDefined();
      if (!line) continue;
      expect(line.summary).toEqual(numbersOf(item));
      // The overview row: what a person reads, with each number's raw value beside it.
      const cells = await page.$$eval(`tr[data-series="${line.id}"] > *`, (tds) =>
        tds.map((td) => td.getAttribute('data-value') ?? td.textContent ?? ''),
      );
      expect(cells.slice(0, 7)).toEqual([
        item.metric,
        item.provider,
        String(item.days),
        ...[item.mean, item.min, item.max].map((n) => (n === null ? '—' : String(n))),
        String(item.latest),
      ]);
      if (!('values' in line)) continue;
      // The chart's points are summary's daily series, day by day.
      const charted = line.values.flatMap((v, i) =>
        v === null ? [] : [{ date: addDays(FROM, i), value: v }],
      );
      expect(charted).toEqual(item.daily.map((d) => ({ date: d.date, value: d.value })));
    }
    await page.context().close();
  });

  it('flags the days anomalies flags, and draws the weekly means summary --by week gives', async () => {
    await defaultReport();
    const model = modelOf(report);
    type Flag = {
      date: string;
      metric: string;
      provider: string;
      value: number;
      median: number;
      z: number;
    };
    const flagged = await json<{ data: Flag[] }>(['anomalies', '--from', FROM]);
    const fields = ['date', 'metric', 'provider', 'value', 'median', 'z'] as const;
    const shown = model.series.flatMap((s) =>
      s.anomalies.map((a) => pick({ ...a, metric: s.metric, provider: s.provider }, fields)),
    );
    const key = (f: Flag) => `${f.date} ${f.metric} ${f.provider}`;
    const sorted = (flags: Flag[]) => flags.sort((a, b) => key(a).localeCompare(key(b)));
    expect(flagged.data.length).toBeGreaterThan(0);
    expect(sorted(shown)).toEqual(sorted(flagged.data.map((f) => pick(f, fields))));
    // The planted resting-HR rise of the last four days is marked on its chart.
    const rhr = model.series.find((s) => s.metric === 'resting_heart_rate');
    expect(rhr?.anomalies.map((a) => a.date)).toEqual(expect.arrayContaining([TODAY]));
    type Period = {
      metric: string;
      provider: string;
      period: string;
      days: number;
      mean: number;
      partial: boolean;
    };
    const weeks = await json<{ data: Period[] }>(['summary', '--by', 'week', '--from', FROM]);
    expect(model.periodUnit).toBe('week');
    const keys = ['metric', 'provider', 'period', 'days', 'mean', 'partial'] as const;
    const periods = model.series.flatMap((s) =>
      s.periods.map((p) => pick({ ...p, metric: s.metric, provider: s.provider }, keys)),
    );
    expect(periods).toEqual(weeks.data.map((p) => pick(p, keys)));
  });

  it('shows the day and value under the pointer, and reads them out from the keyboard', async () => {
    await defaultReport();
    const { page } = await openFile(browser.current, report);
    const card = page.locator('article.card', { hasText: 'resting_heart_rate' }).first();
    await card.scrollIntoViewIfNeeded();
    const over = card.locator('.u-over');
    const box = await over.boundingBox();
    expect(box).not.toBeNull();
    if (box) await page.mouse.move(box.x + 2, box.y + box.height / 2);
    // No legend row of dashes: the line under the chart reads the day under the pointer.
    expect(await page.locator('.u-legend').count()).toBe(0);
    expect(await card.locator('.readout').innerText()).toMatch(
      new RegExp(`^${FROM}: (no data|\\d+ bpm)`),
    );
    await card.locator('.chart').focus();
    await page.keyboard.press('End');
    expect(await card.locator('.live').innerText()).toMatch(
      new RegExp(`^${TODAY}: \\d+ bpm, usual .*, flagged high \\(robust z [\\d.]+\\)$`),
    );
    await page.keyboard.press('ArrowLeft');
    expect(await card.locator('.live').innerText()).toContain(addDays(TODAY, -1));
    // Every chart has a text alternative and its data as a table.
    const alts = await page.$$eval('.chart', (c) =>
      c.map((x) => {
        const id = x.getAttribute('aria-describedby') ?? '';
        return x.ownerDocument.getElementById(id)?.textContent ?? '';
      }),
    );
    for (const alt of alts) expect(alt).toMatch(/^Line chart of /);
    const table = card.locator('details', { hasText: 'Data table' });
    await table.locator('summary').click();
    const days = modelOf(report).series.find((s) => s.metric === 'resting_heart_rate')?.summary
      .days;
    // The table is filled when it opens: wait for its last row, not for the click alone.
    await table
      .locator('tbody tr')
      .nth((days ?? 1) - 1)
      .waitFor();
    expect(await table.locator('tbody tr').count()).toBe(days);
    await page.context().close();
  });

  it('writes screenshots at phone and desktop width (bench/results/)', async () => {
    await defaultReport();
    const out = join(ROOT, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    for (const [width, scheme] of [
      [390, 'light'],
      [1280, 'dark'],
    ] as const) {
      const { page, problems } = await openFile(browser.current, report, {
        width,
        colorScheme: scheme,
      });
      // No sideways scrolling of the page itself: wide tables scroll in their own box.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        width,
      );
      // Nor is the summary table cut: on a phone its lines are stacked to fit.
      expect(
        await page.evaluate(
          '[document.getElementById("overview").scrollWidth, document.getElementById("overview").clientWidth]',
        ),
      ).toSatisfy((w: number[]) => (w[0] ?? Infinity) <= (w[1] ?? 0));
      await page.screenshot({ path: join(out, `report-${width}.png`) });
      // A card with its chart (a whole page of charts is a slow screenshot).
      const card = page.locator('article.card', { hasText: 'resting_heart_rate' }).first();
      await card.screenshot({ path: join(out, `report-${width}-card.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }, 60_000);
});
