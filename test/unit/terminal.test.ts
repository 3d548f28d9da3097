/* eslint-disable no-control-regex -- these tests look for control characters */
// The terminal's small pure parts: documents at a width, the colour decision, the pager choice,
// the progress line, help text and the completion model.
import { Command, Option } from 'commander';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { describe as describeProgram } from '../../src/cli/commands/completion/model.ts';
import {
  namesFrom,
  readCache,
  writeCache,
  CACHE_MS,
} from '../../src/cli/commands/completion/names.ts';
import { mergeExtras, wrapParagraphs } from '../../src/cli/help.ts';
import { renderDocument } from '../../src/output/document-view/render.ts';
import { pipedDocumentFormat } from '../../src/output/documents.ts';
import { colorEnabled } from '../../src/output/terminal/colors.ts';
import { pagerCommand, pagerEnv, pagerShellLine } from '../../src/output/terminal/pager.ts';
import { coverage, liveProgress, progressLine } from '../../src/output/terminal/progress.ts';
import { palette } from '../../src/output/terminal/colors.ts';
import { truncate, visible, wrapWords } from '../../src/output/terminal/visible.ts';
import { json } from '../../src/output/formats/json.ts';
import { tempDir } from '../helpers/cli.ts';

const plain = palette(false);

describe('visible text', () => {
  it('replaces controls with symbols and cuts by display width', () => {
    expect(visible('a\r\nb\nc\td\u001be\u0000\u007f\u2028')).toBe('a⏎b⏎c→d␛e␀␡⏎');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('体重計体重計', 5)).toBe('体重…');
    expect(wrapWords('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapWords('https://example.com/long', 10)).toEqual(['https://ex', 'ample.com/', 'long']);
  });
});

describe('documents', () => {
  const profile = {
    user: { name: 'Sam', email: 'sam@example.com', tags: ['a', 'b'] },
    plan: { name: 'pro', description: 'x '.repeat(60).trim(), source_cap: null },
    meta: { plan: 'pro' },
  };

  it('objects as titled key/value blocks that fit the width; nulls as a dash', () => {
    const text = renderDocument(profile, { title: 'Profile', columns: 80, hide: ['meta'] });
    expect(text).toContain('User\nname   Sam\nemail  sam@example.com\ntags   a, b\n\nPlan\n');
    expect(text).toMatch(/source_cap +—$/m);
    expect(text).not.toContain('meta');
    for (const line of text.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    // The long description wrapped under its first word.
    expect(text).toMatch(/description +x x x.*\n {13}x x/);
  });

  it('a list of records: a table when it fits, cards when it does not; data takes the title', () => {
    const data = [
      { provider: 'A', kind: 'scale', metrics: ['weight', 'bmi'] },
      { provider: 'B', kind: 'ring', metrics: ['hrv'] },
    ];
    const wide = renderDocument({ data }, { title: 'Sources', columns: 80 });
    expect(wide).toMatch(
      /^Sources\nprovider +kind +metrics\nA +scale +weight, bmi\nB +ring +hrv\n$/,
    );
    const narrow = renderDocument(
      { data: [{ ...data[0], note: 'y'.repeat(60) }] },
      { title: 'Sources', columns: 40 },
    );
    expect(narrow).toContain('Sources\nprovider: A\n  kind     scale\n  metrics  weight, bmi\n');
    for (const line of narrow.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(40);
  });

  it('never prints a control character from the body', () => {
    const text = renderDocument({ 'k\u001b': 'v\u001b[31m\n' }, { title: 'T' });
    expect(text).toBe('T\nk␛  v␛[31m⏎\n');
  });

  it('piped: json for a single record or several lists, csv for one list of records', () => {
    expect(pipedDocumentFormat(profile)).toBe('json');
    expect(pipedDocumentFormat({ data: [{ a: 1 }], meta: {} })).toBe('csv');
    expect(pipedDocumentFormat({ metrics: [{ a: 1 }], providers: [{ b: 1 }] })).toBe('json');
  });
});

describe('json for a person', () => {
  it('is the same document as the compact one, indented, for any number of pages', async () => {
    const row = {
      date: '2026-11-20',
      provider: 'P',
      metric: 'm',
      numValue: 1.5,
      textValue: 'a\nb',
      unit: null,
      stream: true,
    };
    const meta = { plan: 'pro', history_window_days: 1, history_floor: null, source_cap: null };
    for (const pages of [[], [[row]], [[row, row], [], [row]]]) {
      const texts: string[] = [];
      for (const pretty of [false, true]) {
        let text = '';
        const out = {
          write: (s: string) => ((text += s), Promise.resolve()),
          end: () => Promise.resolve(),
        };
        const sink = await json.rows(out, { header: true, pretty });
        for (const page of pages) await sink.write({ data: page }, meta);
        await sink.end(meta);
        texts.push(text);
      }
      expect(JSON.parse(texts[1]!)).toEqual(JSON.parse(texts[0]!));
      expect(texts[1]).toMatch(/^\{\n {2}"data": \[/);
    }
  });
});

describe('colour decision', () => {
  it('follows the terminal, NO_COLOR, TERM=dumb and FORCE_COLOR', () => {
    const term = { TERM: 'xterm-256color' };
    expect(colorEnabled(term, true)).toBe(true);
    expect(colorEnabled(term, false)).toBe(false);
    expect(colorEnabled({ ...term, NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false);
    expect(colorEnabled({ ...term, FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ ...term, FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ ...term, FORCE_COLOR: '0' }, true)).toBe(false);
  });
});

describe('pager choice', () => {
  it('HEALTHDATA_PAGER, else PAGER, else less -FRX; empty, cat, or no usable TERM means none', () => {
    const term = { TERM: 'xterm' };
    expect(pagerCommand(term)).toBe('less -FRX');
    expect(pagerCommand({ ...term, PAGER: 'more' })).toBe('more');
    expect(pagerCommand({ ...term, PAGER: 'more', HEALTHDATA_PAGER: 'less -S' })).toBe('less -S');
    expect(pagerCommand({ ...term, PAGER: 'more', HEALTHDATA_PAGER: '' })).toBeUndefined();
    expect(pagerCommand({ ...term, HEALTHDATA_PAGER: 'cat' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ TERM: 'dumb', PAGER: 'more' })).toBeUndefined();
    expect(pagerEnv({}).LESS).toBe('FRX');
    expect(pagerEnv({ LESS: 'S' }).LESS).toBe('S');
  });

  it("a plain command is exec'd, so a signal sent to the pager reaches it; shell syntax is left alone", () => {
    expect(pagerShellLine('less -FRX')).toBe('exec less -FRX');
    expect(pagerShellLine('/usr/bin/less --prompt=x -S')).toBe('exec /usr/bin/less --prompt=x -S');
    for (const line of ['LESS=R less', 'less; echo done', 'cat > out.txt', "less '-S'", 'a | b']) {
      expect(pagerShellLine(line)).toBe(line);
    }
  });
});

describe('progress', () => {
  it('the share of the range covered comes from the last row date', () => {
    expect(coverage('2026-01-01', '2026-01-11', '2026-01-06')).toBe(0.5);
    expect(coverage(undefined, '2026-01-11', '2026-01-06')).toBeUndefined();
    expect(coverage('2026-01-01', '2026-01-11', '2025-12-01')).toBe(1);
  });

  it('shows rows, pages, rows/s, a bar and an ETA', () => {
    const line = progressLine(
      { rows: 5000, pages: 5, elapsedMs: 2000, fraction: 0.25 },
      100,
      plain,
    );
    expect(line).toBe('█████░░░░░░░░░░░░░░░  25% ETA 6s  5,000 rows · 5 pages · 2,500 rows/s');
    expect(
      progressLine({ rows: 10, pages: 1, elapsedMs: 0, fraction: undefined }, 100, plain),
    ).toBe('10 rows · 1 page · 0 rows/s');
  });

  it('never wider than the terminal, colour or not (a wrapped line breaks the redraw)', () => {
    const state = { rows: 4000, pages: 4, elapsedMs: 1250, fraction: 0.23 };
    for (const colours of [plain, palette(true)]) {
      for (const width of [30, 60, 80]) {
        const line = progressLine(state, width, colours);
        expect(stringWidth(line), `${width}`).toBeLessThan(width);
      }
    }
    expect(progressLine(state, 60, plain)).toBe(
      '█████░░░░░░░░░░░░░░░  23% ETA 4s  4,000 rows · 4 pages · 3…',
    );
  });

  it('redraws at most every 100 ms of the clock, and clears its line', () => {
    let now = 0;
    const written: string[] = [];
    const live = liveProgress({
      write: (t) => written.push(t),
      now: () => now,
      from: '2026-01-01',
      to: '2026-01-11',
      width: 80,
      palette: plain,
    });
    live.update(100, 1, '2026-01-10');
    now += 50;
    live.update(200, 2, '2026-01-09');
    now += 60;
    live.update(300, 3, '2026-01-08');
    expect(written).toHaveLength(2);
    expect(written[1]).toMatch(/^\r\u001b\[2K.*30%.*300 rows · 3 pages/);
    live.clear();
    expect(written.at(-1)).toBe('\r\u001b[2K');
  });
});

describe('help text', () => {
  it('one parenthesis per description', () => {
    expect(mergeExtras('rows per request (1-1000)', ['default: 1000'])).toBe(
      'rows per request (1-1000; default: 1000)',
    );
    expect(mergeExtras('the port', ['default: 0'])).toBe('the port (default: 0)');
  });

  it('footers wrap at words; indented lines stay as they are', () => {
    const text = wrapParagraphs(
      'one two three four five\nsix\n\nExamples:\n  a long example line',
      10,
    );
    expect(text).toBe('one two\nthree four\nfive six\n\nExamples:\n  a long example line');
  });
});

describe('completion', () => {
  it('reads commands, options, choices and catalog-backed options from commander', () => {
    const program = new Command('hd').version('1', '-V, --version');
    program
      .command('metrics')
      .option('-m, --metric <names>', 'metrics')
      .addOption(new Option('-f, --format <f>').choices(['csv', 'json']))
      .option('-o, --output <file>');
    program.command('secret', { hidden: true });
    const spec = describeProgram(program);
    expect(spec.subcommands.map((c) => c.path)).toEqual([['metrics']]);
    const options = spec.subcommands[0]!.options;
    expect(options.find((o) => o.long === '--metric')?.dynamic).toBe('metric');
    expect(options.find((o) => o.long === '--format')?.choices).toEqual(['csv', 'json']);
    expect(options.find((o) => o.long === '--output')?.file).toBe(true);
    expect(options.some((o) => o.long === '--help')).toBe(true);
  });

  it('takes names from any reasonable catalog shape, and caches them briefly', async () => {
    expect(namesFrom({ metrics: [{ metric: 'b' }, { metric: 'a' }], providers: ['P'] })).toEqual({
      metric: ['a', 'b'],
      provider: ['P'],
    });
    expect(namesFrom({ data: [{ metric: 'x', provider: 'Y' }] })).toEqual({
      metric: ['x'],
      provider: ['Y'],
    });
    const dir = tempDir();
    await writeCache(dir, 'https://a', 1000, { metric: ['m'], provider: [] });
    expect(await readCache(dir, 'https://a', 1000 + CACHE_MS - 1)).toEqual({
      metric: ['m'],
      provider: [],
    });
    expect(await readCache(dir, 'https://a', 1000 + CACHE_MS + 1)).toBeUndefined();
    expect(await readCache(dir, 'https://other', 1000)).toBeUndefined();
  });
});
