// The built binary compiles undici's llhttp parser in the background as undici loads
// (scripts/wasm-baseline.cjs), and undici's own synchronous compile is handed that module.
// Both of undici's builds of the parser (SIMD, and plain for UNDICI_NO_WASM_SIMD=1) must still
// parse responses, and a run that ends before any connection must not wait on the compile
// to end wrongly.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawn.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox();

async function raw(path: string): Promise<string> {
  const res = await fetch(`${sandbox.current.url}/api/v1/${path}`, {
    headers: { authorization: `Bearer ${sandbox.current.apiKey}` },
  });
  return res.text();
}

describe('llhttp compiled ahead of the first connection', () => {
  it.each([
    ['SIMD (the default)', undefined],
    ['plain (UNDICI_NO_WASM_SIMD=1)', '1'],
  ])('the %s parser reads a response', async (_name, noSimd) => {
    const result = await spawnCli(['profile', '-f', 'json', ...sandbox.args()], {
      env: { UNDICI_NO_WASM_SIMD: noSimd },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd()).toBe((await raw('profile')).trimEnd());
  });

  it('a paged export parses every page with it', async () => {
    const result = await spawnCli(
      [
        'metrics',
        '-f',
        'ndjson',
        '-q',
        '--from',
        '2026-10-01',
        '--limit',
        '500',
        ...sandbox.args(),
      ],
      { env: { UNDICI_NO_WASM_SIMD: '1' } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(500);
  });

  it('a run that fails before connecting ends with its own error', async () => {
    // The action (and undici with it) is loaded, the compile started, then --from is refused.
    const result = await spawnCli(['metrics', '--from', 'nope', ...sandbox.args()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--from 'nope' is not a date/);
    expect(result.stdout).toBe('');
  });
});
