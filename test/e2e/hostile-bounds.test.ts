// Servers that would make healthdata run out of memory or time if it trusted them: pages that
// never end, each with a fresh large cursor; cursors too long to send back; summaries of
// endless distinct text values; names too long for a request. Each ends in bounded time and
// memory, with one clear line. The built binary runs under /usr/bin/time for its peak RSS.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { tempDir } from '../helpers/cli.ts';
import { spawnMeasured, type Measured } from '../helpers/peak-memory.ts';
import { API_KEY, send, useTestServers, type Handler } from '../helpers/test-server.ts';

const serve = useTestServers();
/** Generous: a run that kept what it was sent would pass it within seconds. */
const PEAK_MB = 150;
const META = { plan: 'pro', history_window_days: null, history_floor: null, source_cap: null };
const CATALOG = JSON.stringify({ metrics: [{ metric: 'steps' }, { metric: 'mood' }] });

/** Every page has rows, a day older each time, and a fresh cursor of `size` URL-safe bytes. */
function endless(size: number): Handler {
  let n = 0;
  return (req, res) => {
    if (req.url?.startsWith('/api/v1/catalog')) return send(res, 200, CATALOG);
    const day = addDays('2026-11-20', -n);
    const data = Array.from({ length: 10 }, (_, i) => ({
      date: day,
      provider: 'P',
      metric: 'steps',
      numValue: i,
      textValue: null,
      unit: 'count',
      stream: false,
    }));
    const cursor = String(n++).padStart(10, '0').padEnd(size, 'c');
    send(res, 200, JSON.stringify({ data, next_cursor: cursor, meta: META }));
  };
}

function env(url: string): Record<string, string> {
  return {
    HEALTHDATA_BASE_URL: url,
    HEALTHDATA_API_KEY: API_KEY,
    HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
  };
}

/** metrics (to a file, so no partial-output warning), sync and summary, at once. */
function threeCommands(url: string): Promise<Measured[]> {
  const dir = tempDir();
  return Promise.all(
    [['metrics', '-o', join(dir, 'rows.csv')], ['sync', join(dir, 'sync.csv')], ['summary']].map(
      (args) => spawnMeasured(args, env(url)),
    ),
  );
}

describe('pages that never end', () => {
  it('with fresh 30 KB cursors: each command stops at the bound on cursor bytes, in bounded memory', async () => {
    const server = await serve(endless(30_000), { maxHeaderSize: 64 * 1024 });
    const runs = await threeCommands(server.url);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        /^healthdata: error: the API's cursors add up to over 32 MiB in 1,1\d\d pages \(a cursor is usually tens of bytes\): stopping at the bound on cursor bytes per run$/,
      );
      expect(run.peakMB).toBeLessThan(PEAK_MB);
      expect(run.seconds).toBeLessThan(60);
    }
  }, 120_000);

  it('with fresh 60 KB cursors: the next request would be too long, so nothing more is sent', async () => {
    const server = await serve(endless(60_000));
    const runs = await threeCommands(server.url);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toBe(
        'healthdata: error: the API sent a next_cursor of 59 KiB: the request for the next page would be 59 KiB, over the 32 KiB a request may be — stopping',
      );
      expect(run.peakMB).toBeLessThan(PEAK_MB);
    }
    // One metrics page each (summary asks the catalog first): the long cursor never went out.
    expect(server.requests.filter((r) => r.path === '/api/v1/metrics')).toHaveLength(3);
    expect(Math.max(...server.requests.map((r) => r.url.length))).toBeLessThan(1000);
  }, 60_000);
});

describe('summary of endless distinct text values', () => {
  it('keeps bounded memory and says what it left out', async () => {
    // 20,000 rows over 50 metrics, every value distinct and 4 KB long: 20 pages of 4 MB.
    const server = await serve((req, res) => {
      if (req.url?.startsWith('/api/v1/catalog')) return send(res, 200, CATALOG);
      const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? 0);
      const data = Array.from({ length: 1000 }, (_, i) => ({
        date: addDays('2026-11-20', -n),
        provider: 'P',
        metric: `mood${i % 50}`,
        numValue: null,
        textValue: `${n}-${i}-`.padEnd(4096, 'v'),
        unit: null,
        stream: false,
      }));
      const next = n < 19 ? String(n + 1) : null;
      send(res, 200, JSON.stringify({ data, next_cursor: next, meta: META }));
    });
    const run = await spawnMeasured(['summary', '-f', 'csv'], env(server.url));
    expect(run.code, run.stderr).toBe(0);
    expect(run.peakMB).toBeLessThan(PEAK_MB);
    // Every value is cut to its start; the text budget is spent by page 15 of 20, so every
    // line has rows counted but not listed. Three lines say so, and one line for the rest.
    const warnings = run.stderr.split('\n');
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatch(
      /^warning: mood0 \(P\): \d+ rows counted but not listed by value \(a summary lists at most 1,000 distinct values a line, 8 MiB in all\); 400 values over 256 characters counted by their start$/,
    );
    expect(warnings[3]).toBe('warning: the text values of 47 more lines were cut the same way');
    // Every row was counted all the same: 400 a line.
    const lines = run.stdout.split('\n').filter((line) => /^mood\d+,/.test(line));
    expect(lines).toHaveLength(50);
    expect(lines.every((line) => line.includes(',text,mood') && line.includes(',400,'))).toBe(true);
  }, 60_000);
});

describe('names too long for a request', () => {
  const huge = 'm'.repeat(100_000);

  it('are a usage error naming the limit, before anything is sent', async () => {
    const server = await serve(endless(10));
    const dir = tempDir();
    for (const args of [
      ['metrics', '-m', huge],
      ['metrics', '-p', `a,${'p'.repeat(40_000)}`],
      ['summary', '-m', huge],
      ['sync', join(dir, 'x.csv'), '-m', huge],
      ['chart', huge],
    ]) {
      const run = await spawnMeasured(args, env(server.url));
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /names take \d+ KiB in a request, over the 32 KiB a request may be/,
      );
      // One line, which does not quote the name back.
      expect(run.stderr.split('\n')).toHaveLength(1);
      expect(run.stderr.length).toBeLessThan(300);
    }
    expect(server.requests).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
