// Another program reading a SQLite target while a sync commits a large change: the sqlite3
// shell, started again and again in a loop, must always succeed and see either the old rows or
// the new ones, never an error or a mix (WAL mode: a reader keeps the last commit it saw).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { spawnCli, spawnShell, type Spawned } from '../helpers/spawn.ts';
import { DAY0, sqliteQuery } from '../helpers/sync.ts';

const envFor = (s: Sandbox) => ({ HEALTHDATA_BASE_URL: s.url, HEALTHDATA_API_KEY: s.apiKey });

// Each sqlite3 process opens the database, reads it 50 times and closes it, so the reads
// meet the sync's commit and its close (which folds the WAL back and removes it) at every
// stage. Bounded: at most 100 processes, and it stops once the STOP file exists. Like
// Datasette and Grafana's SQLite driver (5 s by default), the reader has a busy timeout: in
// WAL mode SQLite still locks a reader out for a moment when the first connection opens the
// WAL index and when the last one closes and removes the WAL (without one, 2 runs in 8 had a
// read fail with "database is locked").

const READER = `
q=""
for _ in $(seq 50); do q="$q SELECT count(*) || ' ' || total(numValue) FROM metrics;"; done
i=0
while [ ! -e "$STOP" ] && [ $i -lt 100 ]; do
  out=$(/usr/bin/sqlite3 -cmd '.timeout 2000' "$DB" "$q" 2>&1) || out="failed: $out"
  echo "$out"
  i=$((i + 1))
done`;

const count = (db: string): string =>
  sqliteQuery<{ c: string }>(db, "SELECT count(*) || ' ' || total(numValue) AS c FROM metrics")[0]
    ?.c ?? '';

describe('a reader during a sync', () => {
  it('sees the old rows or the new ones, and never fails', async () => {
    // The same days from another seed: every value differs, so every day is replaced.
    const before = await startSandbox({ today: DAY0, plan: 'pro', seed: 1 });
    const after = await startSandbox({ today: DAY0, plan: 'pro', seed: 2 });
    try {
      const dir = tempDir();
      const db = join(dir, 'health.db');
      const stop = join(dir, 'stop');
      const first = await spawnCli(['sync', db, '--from', '120d'], { env: envFor(before) });
      expect(first.code, first.stderr).toBe(0);
      const old = count(db);

      let reads = 0;
      let sync: Promise<Spawned> | undefined;
      const reader = await spawnShell(READER, {
        env: { DB: db, STOP: stop },
        onStart: (child) => {
          child.stdout?.on('data', (chunk: Buffer) => {
            reads += chunk.toString().split('\n').length - 1;
            // Once the reader is going, the sync starts; the reader stops a little after.
            sync ??= spawnCli(['sync', db, '--overlap', '120d'], { env: envFor(after) }).then(
              async (done) => {
                const at = reads;
                while (reads < at + 100) await new Promise((r) => setTimeout(r, 10));
                writeFileSync(stop, '');
                return done;
              },
            );
          });
        },
      });
      const synced = await sync;
      expect(synced?.code, synced?.stderr).toBe(0);
      expect(synced?.stderr).toMatch(/rows added/);
      const now = count(db);
      expect(now).not.toBe(old);

      const seen = reader.stdout.trimEnd().split('\n');
      expect(reader.stderr).toBe('');
      expect(seen.filter((line) => line !== old && line !== now)).toEqual([]);
      // Reads before the commit and after it: the loop ran across the sync.
      expect(seen).toContain(old);
      expect(seen).toContain(now);
      expect(seen.length).toBeGreaterThan(200);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  });
});
