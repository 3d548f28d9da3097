// The hidden prompt of `config set api-key`, typed into a real pseudo-terminal (util-linux
// `script`): Ctrl-C, Ctrl-D, escape sequences and an empty key.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { BIN, ROOT } from '../helpers/spawn.ts';

/** Runs `config set api-key` in a pty, typing `keys` once the prompt is shown. */
function typeAtPrompt(
  keys: string,
  profile?: string,
): Promise<{ code: number | null; output: string; dir: string }> {
  const dir = tempDir();
  const prompt = `API key${profile ? ` for profile '${profile}'` : ''} (input hidden): `;
  return new Promise((resolve, reject) => {
    const command = `'${process.execPath}' '${BIN}' config set api-key${profile ? ` --profile ${profile}` : ''}`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'], HEALTHDATA_CONFIG_DIR: dir, TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let typed = false;
    const onOutput = (b: Buffer): void => {
      output += b.toString();
      if (!typed && output.includes(prompt)) {
        typed = true;
        child.stdin.write(keys);
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, dir }));
  });
}

const saved = (dir: string): unknown => {
  const file = join(dir, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

describe('the hidden api-key prompt, in a real terminal', () => {
  it('Enter saves the typed key, never echoed', async () => {
    const { code, output, dir } = await typeAtPrompt('phd_live_typed_key_1234\r');
    expect(code).toBe(0);
    expect(output).not.toContain('phd_live_typed_key_1234');
    expect(saved(dir)).toEqual({ 'api-key': 'phd_live_typed_key_1234' });
  });

  it('for a profile, the prompt names it and the key goes into the profile', async () => {
    const { code, output, dir } = await typeAtPrompt('phd_live_typed_for_alice_99\r', 'alice');
    expect(code).toBe(0);
    expect(output).not.toContain('phd_live_typed_for_alice_99');
    expect(output).toContain("saved api-key (phd_live…e_99) to profile 'alice'");
    expect(saved(dir)).toEqual({
      profiles: { alice: { 'api-key': 'phd_live_typed_for_alice_99' } },
    });
  });

  it('Ctrl-C exits 130 and saves nothing', async () => {
    const { code, output, dir } = await typeAtPrompt('phd_live_half\u0003');
    expect(code).toBe(130);
    expect(output).toContain('stopped by SIGINT');
    expect(saved(dir)).toBeUndefined();
  });

  it('Ctrl-D ends the input', async () => {
    const { code, dir } = await typeAtPrompt('phd_live_ctrl_d_key\u0004');
    expect(code).toBe(0);
    expect(saved(dir)).toEqual({ 'api-key': 'phd_live_ctrl_d_key' });
  });

  it('arrow keys, bracketed-paste markers and control characters are never stored', async () => {
    const { code, dir } = await typeAtPrompt(
      '\u001b[200~phd_live_\u001b[D\u0007pasted\u001b[201~\u001bOA_key\r',
    );
    expect(code).toBe(0);
    expect(saved(dir)).toEqual({ 'api-key': 'phd_live_pasted_key' });
  });

  it('an empty key is refused with exit 2, and nothing is saved', async () => {
    const { code, output, dir } = await typeAtPrompt('\r');
    expect(code).toBe(2);
    expect(output).toContain('the API key from stdin is empty');
    expect(saved(dir)).toBeUndefined();
  });
});
