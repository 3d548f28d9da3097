// A target that may not be replaced is refused before anything is fetched, by `sync` and by
// `metrics -o` with the same one line and exit 1: a file made read-only (0444, even for root,
// who could write it), a file of another user, a directory we may not write in. The tests run
// as root; the CLI is spawned as nobody (65534) where a permission must really be missing,
// from a copy nobody can reach wherever the clone is (test/helpers/nobody.ts).
import { chmodSync, chownSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { binForNobody, NOBODY } from '../helpers/nobody.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { spawnCli } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'free' });
let bin: string;
beforeAll(() => {
  bin = binForNobody();
});

const commands = {
  sync: (target: string) => ['sync', target],
  '-o': (target: string) => ['metrics', '-m', 'steps_total', '-f', 'csv', '-o', target],
};

interface Case {
  /** Makes the directory and the file; returns the target. */
  setup(dir: string): string;
  asNobody: boolean;
  error(target: string, dir: string): string;
}

const cases: Record<string, Case> = {
  'a 0444 file of its own user': {
    setup: (dir) => file(dir, 0o444, NOBODY),
    asNobody: true,
    error: (t) =>
      `cannot write ${t}: it is read-only (mode 0444) — to let healthdata replace it: chmod u+w ${t}`,
  },
  'a 0444 file, as root': {
    setup: (dir) => file(dir, 0o444, 0),
    asNobody: false,
    error: (t) =>
      `cannot write ${t}: it is read-only (mode 0444) — to let healthdata replace it: chmod u+w ${t}`,
  },
  'a 0644 file of another user': {
    setup: (dir) => file(dir, 0o644, 0),
    asNobody: true,
    error: (t) =>
      `cannot write ${t}: permission denied (EACCES) — check its owner and mode (ls -l ${t})`,
  },
  'a new file in a directory of another user': {
    setup: (dir) => join(dir, 'health.csv'),
    asNobody: true,
    error: (t, dir) => `cannot write ${t}: permission denied (EACCES) — ${dir} is not writable`,
  },
};

/** health.csv with some content, its mode and owner; the directory belongs to nobody. */
function file(dir: string, mode: number, owner: number): string {
  const target = join(dir, 'health.csv');
  writeFileSync(target, 'previous content\n');
  chownSync(dir, NOBODY, NOBODY);
  chownSync(target, owner, owner);
  chmodSync(target, mode);
  return target;
}

describe.each(Object.keys(commands) as (keyof typeof commands)[])('%s', (command) => {
  it.each(Object.keys(cases))(
    'refuses %s: exit 1, one line, nothing fetched or left',
    async (name) => {
      const c = cases[name] as Case;
      const dir = tempDir();
      // The directory itself is root's 0755 unless setup gives it to nobody.
      chmodSync(dir, 0o755);
      const target = c.setup(dir);
      const before = readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')]);
      const mark = sandbox.current.requests.length;
      const result = await spawnCli(
        command === 'sync' ? commands.sync(target) : commands['-o'](target),
        {
          env: {
            HEALTHDATA_BASE_URL: sandbox.current.url,
            HEALTHDATA_API_KEY: sandbox.current.apiKey,
            HOME: '/nonexistent',
          },
          bin,
          ...(c.asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
        },
      );
      expect(result.stderr).toBe(`healthdata: error: ${c.error(target, dir)}\n`);
      expect(result.code).toBe(1);
      expect(sandbox.current.requests.length).toBe(mark);
      // The file is as it was, and nothing was added beside it: no temp file, no lock file.
      expect(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')])).toEqual(before);
    },
  );
});

it('the control: nobody syncs into its own directory, and owns what is made', async () => {
  const dir = tempDir();
  chownSync(dir, NOBODY, NOBODY);
  const target = join(dir, 'health.csv');
  const result = await spawnCli(['sync', target, '-q'], {
    env: {
      HEALTHDATA_BASE_URL: sandbox.current.url,
      HEALTHDATA_API_KEY: sandbox.current.apiKey,
      HOME: '/nonexistent',
    },
    bin,
    uid: NOBODY,
    gid: NOBODY,
  });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  for (const name of ['health.csv', '.health.csv.sync-lock']) {
    const info = statSync(join(dir, name));
    expect([info.uid, info.mode & 0o777]).toEqual([NOBODY, 0o600]);
  }
  expect(readdirSync(dir).sort()).toEqual(['.health.csv.sync-lock', 'health.csv']);
});
