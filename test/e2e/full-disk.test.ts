// A full disk, for real: a 32 KiB tmpfs with 16 inodes, mounted over a temp dir in a private
// mount namespace (unshare -m), so nothing outlives the command and no real device or system
// directory is touched. Whatever step runs out of space (the lock file, the temp file, a
// write), `sync` and `metrics -o` fail with the one ENOSPC line, exit 1, and leave the target
// as it was with nothing beside it.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { BIN, ROOT } from '../helpers/spawn.ts';

const sandbox = useSandbox({ plan: 'free' });

// hd: the CLI; fill: take every inode, then every block; fillblocks: every block only; after:
// the exit code, whether the target is unchanged, and what is in the directory.
const PRELUDE = `
hd() { "$NODE" "$BIN" "$@"; }
fill() { i=0; while touch "$D/fill$i" 2>/dev/null; do i=$((i+1)); done; cat /dev/zero > "$D/fill0" 2>/dev/null; true; }
fillblocks() { cat /dev/zero > "$D/fill0" 2>/dev/null; true; }
sum() { cat "$D/h.csv" 2>/dev/null | cksum; }
after() { code=$?; [ "$(sum)" = "$before" ] && echo unchanged; ls -A "$D" | grep -v '^fill'; exit $code; }
`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  dir: string;
}

function inFullableDisk(script: string): Promise<Run> {
  const dir = tempDir();
  const line = `mount -t tmpfs -o size=32k,nr_inodes=16 tmpfs "$D" || exit 99\n${PRELUDE}\n${script}`;
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', ['-m', 'sh', '-c', line], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        D: dir,
        NODE: process.execPath,
        BIN,
        HEALTHDATA_BASE_URL: sandbox.current.url,
        HEALTHDATA_API_KEY: sandbox.current.apiKey,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, dir }));
  });
}

const noSpace = (path: string): string =>
  `healthdata: error: cannot write ${path}: no space left on the device (ENOSPC)\n`;

describe('sync of a csv on a full disk', () => {
  it('a disk that fills up mid-write: the previous file stays, the temp file goes', async () => {
    const run = await inFullableDisk(`
hd sync "$D/h.csv" -q -m steps_total || exit 98
before=$(sum)
hd sync "$D/h.csv" --overlap 60d
after`);
    expect(run.code).not.toBe(99); // the tmpfs was mounted
    expect(run.stderr).toBe(noSpace(`${run.dir}/h.csv`));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('unchanged\n.h.csv.sync-lock\nh.csv\n');
  });

  it('a disk already full (no inode, no block): the temp file cannot be made', async () => {
    const run = await inFullableDisk(`
hd sync "$D/h.csv" -q -m steps_total || exit 98
before=$(sum)
fill
hd sync "$D/h.csv"
after`);
    expect(run.stderr).toBe(noSpace(`${run.dir}/h.csv`));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('unchanged\n.h.csv.sync-lock\nh.csv\n');
  });

  it('a first sync on a disk already full: the lock file cannot be made, nothing is left', async () => {
    const run = await inFullableDisk(`
before=$(sum)
fill
hd sync "$D/h.csv"
after`);
    expect(run.stderr).toBe(noSpace(`${run.dir}/h.csv`));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('unchanged\n');
  });

  it('a first sync when only the blocks are full: only the empty lock file is left', async () => {
    // An empty file takes an inode and no block: the lock file is made (and stays, as it does
    // after every sync: lock.ts), the temp file is made, and its first write fails.
    const run = await inFullableDisk(`
before=$(sum)
fillblocks
hd sync "$D/h.csv"
code=$?
[ -s "$D/.h.csv.sync-lock" ] || echo empty
(exit $code)
after`);
    expect(run.stderr).toBe(noSpace(`${run.dir}/h.csv`));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('empty\nunchanged\n.h.csv.sync-lock\n');
  });
});

describe('metrics -o on a full disk', () => {
  it('a disk already full: one line, exit 1, nothing left', async () => {
    const run = await inFullableDisk(`
printf 'previous\\n' > "$D/h.csv"
before=$(sum)
fill
hd metrics -f csv -o "$D/h.csv"
after`);
    expect(run.stderr).toBe(noSpace(`${run.dir}/h.csv`));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('unchanged\nh.csv\n');
  });
});
