// Tables and documents as a person sees them, through a real pseudo-terminal (util-linux
// `script`): widths 60, 80 and 200, control characters (tables, csv/tsv, summary, chart),
// titled blocks, json on a terminal.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { ESC, HD, inPty, sandboxEnv, widest } from '../helpers/pty.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnShell } from '../helpers/spawn.ts';
import { API_KEY, META, startServer } from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'pro' });
const env = (extra: Record<string, string> = {}) => sandboxEnv(sandbox.current, extra);
const hd = HD;

describe('the metrics table in a terminal', () => {
  const args = 'metrics -m body_temperature_delta,workout_type,steps --from 40d --no-pager';

  it.each([60, 80, 200])('fits %i columns, one line per row', async (cols) => {
    const { code, screen } = await inPty(`hd ${args}`, { cols, env: env({ NO_COLOR: '1' }) });
    expect(code).toBe(0);
    const lines = screen.trimEnd().split('\n');
    // The table is the first thing on the screen: the plan line is for --verbose.
    expect(lines[0]).toMatch(/^date\s+provider\s+metric\s+value\s+unit\s+stream$/);
    expect(widest(screen)).toBeLessThanOrEqual(cols);
    // Every row is one line: a date starts each one after the header.
    const notice = lines.findIndex((l) => l.startsWith('notice: '));
    const rows = lines.slice(1, notice === -1 ? undefined : notice);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((l) => /^\d{4}-\d{2}-\d{2} /.test(l))).toBe(true);
    if (cols === 200) expect(screen).not.toContain('…');
    if (cols === 60) expect(screen).toMatch(/ body_te\w*… /);
  });

  it('uses COLUMNS when stdout is not a terminal', async () => {
    const { stdout } = await spawnShell(`${hd} ${args} -f table | cat`, {
      env: env({ COLUMNS: '60' }),
    });
    expect(widest(stdout)).toBeLessThanOrEqual(60);
    expect(stdout).toContain('…');
  });

  it('shows control characters from the server as symbols, never raw', async () => {
    const hostile = {
      date: '2026-11-20',
      provider: 'Evil\u001b]0;pwned\u0007',
      metric: 'note',
      numValue: null,
      textValue: 'red\u001b[31m!\nline two\ttab\u009b2J',
      unit: null,
      stream: false,
    };
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [hostile], next_cursor: null, meta: META }));
    });
    try {
      const { screen } = await inPty(
        `hd metrics --no-pager --base-url ${server.url} --api-key ${API_KEY}`,
        { cols: 120, env: { NO_COLOR: '1', HEALTHDATA_CONFIG_DIR: tempDir() } },
      );
      expect(screen).not.toContain(ESC);
      expect(screen).not.toContain('\u009b');
      expect(screen).toContain('Evil␛]0;pwned␇');
      expect(screen).toContain('red␛[31m!⏎line two→tab\\u009b2J');
    } finally {
      await server.close();
    }
  });
});

describe('hostile server text in csv, tsv, summary and chart on a terminal', () => {
  const hostile = {
    date: '2026-11-20',
    provider: 'Evil\u001b]0;pwned\u0007',
    metric: 'note',
    numValue: null,
    textValue: 'red\u001b[31m!\u009b2J',
    unit: null,
    stream: false,
  };
  const serve = () =>
    startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [hostile], next_cursor: null, meta: META }));
    });

  it.each([
    ['csv', ','],
    ['tsv', '\t'],
  ])('-f %s on a terminal shows control characters as visible escapes', async (format, sep) => {
    const server = await serve();
    try {
      const { code, screen } = await inPty(
        `hd metrics -f ${format} --no-pager --base-url ${server.url} --api-key ${API_KEY} 2>/dev/null`,
        { cols: 120, env: { NO_COLOR: '1', HEALTHDATA_CONFIG_DIR: tempDir() } },
      );
      expect(code).toBe(0);
      expect(screen).not.toContain('\u001b');
      expect(screen).not.toContain('\u0007');
      expect(screen).not.toContain('\u009b');
      expect(screen).toContain(
        ['2026-11-20', 'Evil\\e]0;pwned\\u0007', 'note', '', 'red\\e[31m!\\u009b2J'].join(sep),
      );
    } finally {
      await server.close();
    }
  });

  it.each(['json', 'ndjson'])(
    '-f %s on a terminal escapes DEL, C1 controls and bidi overrides, JSON unchanged',
    async (format) => {
      const sly = { ...hostile, textValue: 'del\u007f c1\u009b2J bidi\u202eevil' };
      const server = await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [sly], next_cursor: null, meta: META }));
      });
      try {
        const { code, screen } = await inPty(
          `hd metrics -f ${format} --no-pager --base-url ${server.url} --api-key ${API_KEY} 2>/dev/null`,
          { cols: 200, env: { NO_COLOR: '1', HEALTHDATA_CONFIG_DIR: tempDir() } },
        );
        expect(code).toBe(0);
        for (const raw of ['\u001b', '\u0007', '\u007f', '\u009b', '\u202e']) {
          expect(screen).not.toContain(raw);
        }
        // Indented on a terminal for json (`"textValue": "…"`), compact for ndjson.
        expect(screen).toMatch(/"textValue": ?"del\\u007f c1\\u009b2J bidi\\u202eevil"/);
      } finally {
        await server.close();
      }
    },
  );

  it('summary (wide and stacked) and chart show hostile names and text values as symbols', async () => {
    const numeric = { ...hostile, metric: 'steps\u001b[2J', numValue: 42, textValue: null };
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [hostile, numeric], next_cursor: null, meta: META }));
    });
    try {
      const connect = `--base-url ${server.url} --api-key ${API_KEY}`;
      const range = '--from 2026-11-10 --to 2026-11-20';
      for (const [command, cols] of [
        [`summary --no-pager ${range}`, 200],
        [`summary --no-pager ${range}`, 80],
        // The metric's name, escape and all, comes in through the environment.
        [`chart "$METRIC" ${range}`, 100],
      ] as const) {
        const { code, screen } = await inPty(`hd ${command} ${connect}`, {
          cols,
          env: { NO_COLOR: '1', HEALTHDATA_CONFIG_DIR: tempDir(), METRIC: numeric.metric },
        });
        expect({ command, cols, code }).toEqual({ command, cols, code: 0 });
        expect(screen).not.toContain(ESC);
        expect(screen).not.toContain('\u0007');
        expect(screen).toContain('Evil␛]0;pwned␇');
        expect(screen).toContain(command.startsWith('chart') ? 'steps␛[2J' : 'red␛[31m!');
      }
    } finally {
      await server.close();
    }
  });

  it('-f csv into a pipe keeps the data exactly as sent', async () => {
    const server = await serve();
    try {
      const { code, stdout } = await spawnShell(
        `${hd} metrics -f csv --base-url ${server.url} --api-key ${API_KEY} | cat`,
        { env: { HEALTHDATA_CONFIG_DIR: tempDir() } },
      );
      expect(code).toBe(0);
      expect(stdout).toContain(`Evil\u001b]0;pwned\u0007,note,,red\u001b[31m!\u009b2J,`);
    } finally {
      await server.close();
    }
  });
});

describe('catalog, sources and profile at 80 columns', () => {
  it.each([
    ['catalog', ['Metrics', 'Providers']],
    ['sources', ['Sources']],
    ['profile', ['User', 'Plan']],
  ])('%s: titled blocks, no line wider than the terminal', async (command, titles) => {
    const { code, screen } = await inPty(`hd ${command} --no-pager 2>/dev/null`, {
      cols: 80,
      env: env({ NO_COLOR: '1' }),
    });
    expect(code).toBe(0);
    expect(widest(screen)).toBeLessThanOrEqual(80);
    for (const title of titles) expect(screen).toMatch(new RegExp(`^${title}$`, 'm'));
    expect(screen).not.toMatch(/^data:?/m);
    expect(screen).not.toContain('[object Object]');
    expect(screen).not.toMatch(/[┌─│]/);
  });

  it('sources lists are joined with ", " and wrap at words', async () => {
    const { screen } = await inPty('hd sources --no-pager 2>/dev/null', {
      cols: 80,
      env: env({ NO_COLOR: '1' }),
    });
    expect(screen).toContain('provider: PhoneHealth');
    expect(screen).toMatch(/metrics +active_energy, active_energy_total, /);
  });

  it('a single record piped is json; a list of records is csv; metrics stay csv', async () => {
    const profile = await spawnShell(`${hd} profile | cat`, { env: env() });
    expect(JSON.parse(profile.stdout)).toHaveProperty('user');
    expect(profile.stdout.trimEnd().split('\n')).toHaveLength(1);
    const sources = await spawnShell(`${hd} sources | cat`, { env: env() });
    expect(sources.stdout.split('\n')[0]).toMatch(/^provider,kind,status/);
    const metrics = await spawnShell(`${hd} metrics --from 1d | cat`, { env: env() });
    expect(metrics.stdout.split('\n')[0]).toBe(
      'date,provider,metric,numValue,textValue,unit,stream',
    );
  });

  it('metrics -f json is indented on a terminal, compact when piped', async () => {
    const { screen } = await inPty(
      'hd metrics -m weight --from 5d -f json --no-pager 2>/dev/null',
      {
        cols: 80,
        env: env(),
      },
    );
    expect(screen).toMatch(/^ {4}\{\n {6}"date": /m);
    const piped = await spawnShell(`${hd} metrics -m weight --from 5d -f json | cat`, {
      env: env(),
    });
    expect(JSON.parse(screen)).toEqual(JSON.parse(piped.stdout));
    expect(piped.stdout).not.toContain('\n  ');
  });

  it('-f json is indented on a terminal', async () => {
    const { screen } = await inPty('hd profile -f json --no-pager 2>/dev/null', {
      cols: 80,
      env: env(),
    });
    expect(screen).toMatch(/^ {2}"user": \{$/m);
    expect(JSON.parse(screen)).toHaveProperty('plan');
  });
});
