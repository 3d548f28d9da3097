// The terminal as a person sees it, through a real pseudo-terminal (util-linux `script`):
// tables that fit 60, 80 and 200 columns, colour and its switches, the pager, live progress,
// and completion in bash.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { inPty, stripAnsi } from '../helpers/pty.ts';
import { metricsRequests, useSandbox } from '../helpers/sandbox.ts';
import { spawnShell, BIN } from '../helpers/spawn.ts';
import { API_KEY, META, startServer } from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'pro' });
const envFor = (s: Sandbox): Record<string, string> => ({
  HEALTHDATA_BASE_URL: s.url,
  HEALTHDATA_API_KEY: s.apiKey,
  HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
});
const env = (extra: Record<string, string> = {}) => ({ ...envFor(sandbox.current), ...extra });
const hd = `'${process.execPath}' '${BIN}'`;
/** The widest line of the output (the plan notice on stderr is a notice, not a row). */
const widest = (screen: string): number =>
  Math.max(
    ...stripAnsi(screen)
      .split('\n')
      .filter((l) => !l.startsWith('plan: '))
      .map((l) => stringWidth(l)),
  );
const ESC = '\u001b';

describe('the metrics table in a terminal', () => {
  const args = 'metrics -m body_temperature_delta,workout_type,steps --from 40d --no-pager';

  it.each([60, 80, 200])('fits %i columns, one line per row', async (cols) => {
    const { code, screen } = await inPty(`hd ${args}`, { cols, env: env({ NO_COLOR: '1' }) });
    expect(code).toBe(0);
    const lines = screen.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^plan: pro/);
    expect(lines[1]).toMatch(/^date\s+provider\s+metric\s+value\s+unit\s+stream$/);
    expect(widest(screen)).toBeLessThanOrEqual(cols);
    // Every row is one line: a date starts each one after the header.
    expect(lines.slice(2).every((l) => /^\d{4}-\d{2}-\d{2} /.test(l))).toBe(true);
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

describe('colour', () => {
  const cmd = 'hd metrics -m steps_total --from 3d --no-pager';

  it('bold header and dim secondary columns on a terminal', async () => {
    const { screen } = await inPty(cmd, { cols: 100, env: env() });
    expect(screen).toContain(`${ESC}[1mdate`);
    expect(screen).toContain(`${ESC}[2mcount`);
  });

  it('none with NO_COLOR or TERM=dumb', async () => {
    for (const extra of [{ NO_COLOR: '1' }, { TERM: 'dumb' }]) {
      const { screen } = await inPty(cmd, { cols: 100, env: env(extra) });
      expect(screen).toContain('steps_total');
      expect(screen).not.toContain(`${ESC}[`);
    }
  });

  it('FORCE_COLOR forces it, even into a pipe, and wins over NO_COLOR', async () => {
    const { stdout, stderr } = await spawnShell(`${cmd.replace('hd', hd)} -f table | cat`, {
      env: env({ FORCE_COLOR: '1', NO_COLOR: '1' }),
    });
    expect(stdout).toContain(`${ESC}[1mdate`);
    expect(stderr).toBe('');
  });

  it('red errors and yellow warnings on a terminal stderr', async () => {
    const bad = await inPty('hd metrics --api-key phd_live_wrong_000000000000 --no-pager', {
      cols: 100,
      env: env(),
    });
    expect(bad.code).toBe(3);
    expect(bad.screen).toContain(`healthdata: ${ESC}[31merror:${ESC}[39m the API rejected the key`);
    const clamped = await inPty('hd metrics -m steps_total --from 2000-01-01 > /dev/null', {
      cols: 100,
      env: env(),
    });
    const usage = await inPty('hd metrics --bogus', { cols: 100, env: env() });
    expect(usage.code).toBe(2);
    expect(usage.screen).toContain(
      `healthdata: ${ESC}[31merror:${ESC}[39m unknown option '--bogus'`,
    );
    expect(clamped.screen).toContain(`${ESC}[33mwarning:${ESC}[39m --from 2000-01-01 was clamped`);
  });
});

describe('the pager', () => {
  const cmd = 'hd metrics -m steps_total --from 30d';

  it('gets the output when HEALTHDATA_PAGER is set, PAGER otherwise', async () => {
    for (const name of ['HEALTHDATA_PAGER', 'PAGER']) {
      const dir = tempDir();
      const paged = join(dir, 'paged.txt');
      const { code, screen } = await inPty(cmd, {
        cols: 100,
        env: env({ NO_COLOR: '1', [name]: `cat > '${paged}'` }),
      });
      expect(code).toBe(0);
      const text = readFileSync(paged, 'utf8');
      expect(text).toMatch(/^date\s+provider/);
      expect(text.trimEnd().split('\n')).toHaveLength(31);
      expect(screen).not.toContain('steps_total');
    }
  });

  it('is off with --no-pager, HEALTHDATA_PAGER= or cat, and when stdout is not a terminal', async () => {
    const dir = tempDir();
    const paged = join(dir, 'paged.txt');
    const runs = [
      inPty(`${cmd} --no-pager`, { cols: 100, env: env({ PAGER: `cat > '${paged}'` }) }),
      inPty(cmd, { cols: 100, env: env({ HEALTHDATA_PAGER: '', PAGER: `cat > '${paged}'` }) }),
      inPty(cmd, { cols: 100, env: env({ HEALTHDATA_PAGER: 'cat' }) }),
      inPty(`${cmd} | cat`, { cols: 100, env: env({ PAGER: `cat > '${paged}'` }) }),
    ];
    for (const { code, screen } of await Promise.all(runs)) {
      expect(code).toBe(0);
      expect(screen).toContain('steps_total');
    }
    expect(existsSync(paged)).toBe(false);
  });

  it('quitting it early ends the command quietly with exit 0 and stops fetching', async () => {
    const mark = sandbox.current.requests.length;
    const dir = tempDir();
    const { code, screen } = await inPty('hd metrics --page-size 100', {
      cols: 100,
      env: env({ HEALTHDATA_PAGER: `head -c 3000 > '${join(dir, 'p.txt')}'` }),
    });
    expect(code).toBe(0);
    expect(screen).not.toContain('error');
    // 18,000 rows are 185 pages: the export stopped right after the pager went away.
    expect(metricsRequests(sandbox.current, mark).length).toBeLessThan(20);
  });

  it('says so when the pager cannot run, instead of losing the output', async () => {
    const { code, screen } = await inPty(cmd, {
      cols: 100,
      env: env({ HEALTHDATA_PAGER: 'no-such-pager-here' }),
    });
    expect(code).toBe(2);
    expect(screen).toContain("the pager 'no-such-pager-here' could not be run");
  });
});

describe('live progress', () => {
  it('shows on the terminal while rows go to a file, then the summary', async () => {
    const out = join(tempDir(), 'all.csv');
    const { code, screen } = await inPty(`hd metrics --page-size 200 -o '${out}'`, {
      cols: 100,
      env: env(),
    });
    expect(code).toBe(0);
    expect(screen).toMatch(/\d+ rows · \d+ pages · [\d,]+ rows\/s/);
    expect(screen).toMatch(/█+.* +\d+%/);
    // Cleared, then replaced by the summary on a clean line.
    expect(screen).toMatch(new RegExp(`${ESC}\\[2Kwrote 18410 rows to ${out} in \\d+\\.\\d s\\n`));
  });

  it('shows with --parallel and for a pipe', async () => {
    const { code, screen } = await inPty('hd metrics --parallel 4 --page-size 200 | wc -l', {
      cols: 100,
      env: env(),
    });
    expect(code).toBe(0);
    expect(screen).toContain('rows/s');
    expect(screen).toContain('wrote 18410 rows to stdout in');
    expect(screen).toMatch(/^18411$/m);
  });

  it('is absent when stderr is a file, with --quiet, and with TERM=dumb', async () => {
    const dir = tempDir();
    const err = join(dir, 'err.txt');
    const toFile = await inPty(`hd metrics -o '${join(dir, 'a.csv')}' 2> '${err}'`, {
      cols: 100,
      env: env(),
    });
    expect(toFile.code).toBe(0);
    expect(readFileSync(err, 'utf8')).not.toContain('rows/s');
    expect(readFileSync(err, 'utf8')).not.toContain(ESC);
    for (const [flags, extra] of [
      ['--quiet', {}],
      ['', { TERM: 'dumb' }],
    ] as const) {
      const { screen } = await inPty(`hd metrics ${flags} -o '${join(dir, 'b.csv')}'`, {
        cols: 100,
        env: env(extra),
      });
      expect(screen).not.toContain('rows/s');
    }
  });
});

describe('completion in bash', () => {
  const complete = async (words: string, extra: Record<string, string> = {}) => {
    const cache = extra['XDG_CACHE_HOME'] ?? tempDir();
    const script = [
      `healthdata() { ${hd} "$@"; }`,
      'source <(healthdata completion bash)',
      `COMP_WORDS=(${words})`,
      'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
      '_healthdata',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const { stdout, code } = await spawnShell(script, {
      env: env({ XDG_CACHE_HOME: cache, ...extra }),
    });
    expect(code).toBe(0);
    return stdout.trim().split('\n').filter(Boolean);
  };

  it('completes commands, options and enumerated values', async () => {
    expect(await complete("healthdata ''")).toEqual(
      expect.arrayContaining(['metrics', 'catalog', 'status', 'completion', 'config']),
    );
    expect(await complete("healthdata ''")).not.toContain('__complete');
    expect(await complete('healthdata metrics --pa')).toEqual(['--page-size', '--parallel']);
    expect(await complete("healthdata metrics -f ''")).toEqual([
      'table',
      'json',
      'ndjson',
      'csv',
      'tsv',
    ]);
    expect(await complete("healthdata completion ''")).toEqual(['bash', 'zsh', 'fish']);
    expect(await complete("healthdata config set ''")).toEqual(['api-key', 'base-url']);
    expect(await complete("healthdata sandbox --plan ''")).toEqual([
      'free',
      'basic',
      'pro',
      'unlimited',
    ]);
  });

  it('completes metric and provider names from the catalog, and caches them', async () => {
    const cache = tempDir();
    const mark = sandbox.current.requests.length;
    expect(await complete('healthdata metrics -m steps', { XDG_CACHE_HOME: cache })).toEqual([
      'steps',
      'steps_total',
    ]);
    expect(await complete('healthdata metrics -m steps,rest', { XDG_CACHE_HOME: cache })).toEqual([
      'steps,resting_heart_rate',
    ]);
    expect(await complete('healthdata metrics -p Ph', { XDG_CACHE_HOME: cache })).toEqual([
      'PhoneHealth',
    ]);
    // One catalog request for all three TABs: the rest came from the cache.
    const catalogs = sandbox.current.requests
      .slice(mark)
      .filter((r) => r.path.startsWith('/api/v1/catalog'));
    expect(catalogs).toHaveLength(1);
    expect(readdirSync(join(cache, 'healthdata'))[0]).toMatch(/^catalog-names-.*\.json$/);
  });
});

// fish and zsh are not on every machine: these run where they are installed.
describe('completion in fish and zsh', () => {
  it.skipIf(!existsSync('/usr/bin/fish'))('fish completes commands and choices', async () => {
    const script = [
      `function healthdata; ${hd} $argv; end`,
      'healthdata completion fish | source',
      "complete -C 'healthdata metrics -f '",
      "complete -C 'healthdata config '",
    ].join('\n');
    const file = join(tempDir(), 'try.fish');
    writeFileSync(file, script);
    const { stdout, code } = await spawnShell(`fish '${file}'`, { env: env() });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ndjson\t/m);
    expect(stdout).toMatch(/^unset\tremove a key$/m);
  });

  it.skipIf(!existsSync('/usr/bin/zsh'))(
    'zsh runs the bash script through bashcompinit',
    async () => {
      // zsh itself filters the candidates by the word typed, so only whole lists are checked here.
      const script = [
        'autoload -U compinit && compinit -u',
        `healthdata() { ${hd} "$@"; }`,
        'source <(healthdata completion zsh)',
        't() { emulate -L sh; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _healthdata; print -r -- "${COMPREPLY[*]}"; }',
        "t healthdata metrics -f ''",
        "t healthdata config set ''",
      ].join('\n');
      const file = join(tempDir(), 'try.zsh');
      writeFileSync(file, script);
      const { stdout, stderr } = await spawnShell(`zsh -f '${file}'`, { env: env() });
      expect(stderr).toBe('');
      expect(stdout).toBe('table json ndjson csv tsv\napi-key base-url\n');
    },
  );
});
