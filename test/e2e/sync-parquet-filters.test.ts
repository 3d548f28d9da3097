// Two syncs with different -m filters feeding one Parquet dataset: each keeps to its own
// metrics, the days hold the union in the API's order (the day plan's, src/sync/day-plan.ts,
// as in a flat file), and a re-run of either writes nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { runCli, tempDir } from '../helpers/cli.ts';
import { filesUnder, fingerprint } from '../helpers/dataset.ts';
import { spawnCli } from '../helpers/spawn.ts';

// The free plan's 30 days, ending early in January: two year partitions.
const TODAY = '2026-01-10';

let sandbox: Sandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY, plan: 'free', users: 1 });
  const config = tempDir();
  const profiles = Object.fromEntries(
    sandbox.users.map((u) => [u.name, { 'api-key': u.apiKey, 'base-url': sandbox.url }]),
  );
  writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  env = { HEALTHDATA_CONFIG_DIR: config, HOME: config };
});
afterAll(async () => {
  await sandbox.close();
});

/** Each year file's rows in the order the file holds them, as (date, provider, metric, value). */
async function fileOrder(dir: string): Promise<Record<string, string[]>> {
  const files = filesUnder(dir).filter((f) => f.endsWith('.parquet'));
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const out: Record<string, string[]> = {};
  try {
    for (const file of files.sort()) {
      const reader = await conn.runAndReadAll(
        `SELECT date::VARCHAR AS date, provider, metric, numValue
         FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`,
      );
      const year = /year=(\d{4})/.exec(file)?.[1] ?? file;
      out[year] = reader
        .getRowObjectsJS()
        .map((r) => JSON.stringify([r['date'], r['provider'], r['metric'], r['numValue']]));
    }
  } finally {
    conn.closeSync();
    db.closeSync();
  }
  return out;
}

describe('sync --format parquet with -m filters', () => {
  it('keeps each sync to its metrics, orders each day as the API does, and a re-run writes nothing', async () => {
    const dir = join(tempDir(), 'study');
    const sync = (metric: string) =>
      spawnCli(['sync', dir, '--format', 'parquet', '--all-profiles', '-m', metric], { env });
    for (const metric of ['steps', 'hrv']) {
      const run = await sync(metric);
      expect(run.code, run.stderr).toBe(0);
    }
    // What one export of the union of the filters serves, newest first, by year.
    const served = await runCli(
      ['metrics', '--profile', 'user1', '-m', 'steps', '-m', 'hrv', '-f', 'ndjson'],
      { env },
    );
    expect(served.code, served.stderr).toBe(0);
    const expected: Record<string, string[]> = {};
    for (const line of served.stdout.trim().split('\n')) {
      const r = JSON.parse(line) as Record<string, unknown>;
      const year = String(r['date']).slice(0, 4);
      (expected[year] ??= []).push(
        JSON.stringify([r['date'], r['provider'], r['metric'], r['numValue']]),
      );
    }
    expect(Object.keys(expected).sort()).toEqual(['2025', '2026']);
    // On some day a row of the second sync's comes before one of the first's: kept rows first,
    // then the fetched ones, would not be the API's order.
    const interleaved = Object.values(expected).some((rows) =>
      rows.some((row, k) => {
        const [date, , metric] = JSON.parse(row) as string[];
        const next =
          rows[k + 1] === undefined ? [] : (JSON.parse(rows[k + 1] as string) as string[]);
        return metric === 'hrv' && next[0] === date && next[2] === 'steps';
      }),
    );
    expect(interleaved).toBe(true);
    expect(await fileOrder(join(dir, 'profile=user1'))).toEqual(expected);

    const before = fingerprint(dir);
    for (const metric of ['steps', 'hrv']) {
      const again = await sync(metric);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/0 rows added, 0 removed, \d+ unchanged/);
    }
    expect(fingerprint(dir)).toEqual(before);
  });
});
