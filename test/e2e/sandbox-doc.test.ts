// docs/sandbox.md as a user reads it: its one-shell recipe runs as written, and the defaults
// it gives are the ones `healthdata sandbox --help` gives.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { BIN, ROOT, spawnCli, spawnShell } from '../helpers/spawn.ts';

const doc = readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8');

describe('docs/sandbox.md', () => {
  it('has a one-shell recipe that runs as written and stops the sandbox at the end', async () => {
    const recipe = /start it in the background[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(recipe, 'the recipe block').toBeDefined();
    const dir = tempDir();
    // `healthdata` on PATH is this build.
    mkdirSync(join(dir, 'bin'));
    const shim = join(dir, 'bin', 'healthdata');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    // Resolves only once every process holding the stderr pipe has exited: the background
    // sandbox too, so the recipe's own kill is what lets it finish.
    const result = await spawnShell(`cd '${dir}'\n${recipe as string}`, {
      env: {
        PATH: `${join(dir, 'bin')}:${process.env['PATH'] ?? ''}`,
        HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
      },
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('date,provider,metric,numValue,textValue,unit,stream');
    // 4 days (3 when the date turns between the sandbox's start and the command).
    expect(lines.length - 1).toBeGreaterThanOrEqual(3);
    expect(lines.length - 1).toBeLessThanOrEqual(4);
    for (const line of lines.slice(1))
      expect(line).toMatch(/^\d{4}-\d\d-\d\d,PhoneHealth,steps_total,/);
    expect(result.stderr).toContain('healthdata sandbox: stopped');
  });

  it('gives the port default that sandbox --help gives', async () => {
    const help = await spawnCli(['sandbox', '--help']);
    const port = /--port <port>[^\n]*\(0 = any free port; default: (\d+)\)/.exec(help.stdout)?.[1];
    expect(port).toBe('8787');
    const row = doc.split('\n').find((l) => l.startsWith('| `port`'));
    expect(row).toContain(`\`${port}\` for \`healthdata sandbox\``);
    expect(doc).toContain(`It listens on port ${port}`);
  });
});
