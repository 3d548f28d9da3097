// catalog, sources and profile: bodies the spec does not show, rendered well in every format.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ plan: 'free' });

async function raw(path: string): Promise<string> {
  const res = await fetch(`${sandbox.current.url}/api/v1/${path}`, {
    headers: { authorization: `Bearer ${sandbox.current.apiKey}` },
  });
  return res.text();
}

describe.each(['catalog', 'sources', 'profile'])('%s', (command) => {
  const cli = (args: string[], opts = {}) => runCli([command, ...sandbox.args(), ...args], opts);

  it('json writes the body exactly as received', async () => {
    const { stdout, code } = await cli(['-f', 'json']);
    expect(code).toBe(0);
    expect(stdout.trimEnd()).toBe((await raw(command)).trimEnd());
  });

  it('table shows nested values as JSON, never [object Object]', async () => {
    const { stdout, code } = await cli(['-f', 'table']);
    expect(code).toBe(0);
    expect(stdout.length).toBeGreaterThan(20);
    expect(stdout).not.toContain('[object Object]');
  });

  it('csv flattens the main array with the union of its keys as columns', async () => {
    const { stdout, code } = await cli(['-f', 'csv']);
    expect(code).toBe(0);
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(stdout).not.toContain('[object Object]');
  });

  it('shows the plan window with --verbose, not on every run', async () => {
    const { stderr } = await cli(['-f', 'json', '--verbose']);
    expect(stderr).toContain('plan: free · history: 30 days, from 2026-10-24 · source cap: 2');
    expect((await cli(['-f', 'json'], { stderrIsTTY: true })).stderr).toBe('');
  });
});

describe('record bodies', () => {
  it('sources lists the connected sources, one csv row each', async () => {
    const body = JSON.parse(await raw('sources')) as { data: Record<string, unknown>[] };
    const { stdout } = await runCli(['sources', ...sandbox.args(), '-f', 'csv']);
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(body.data.length);
    expect(Object.keys(rows[0] ?? {})).toEqual(Object.keys(body.data[0] ?? {}));
  });

  it('ndjson writes one record per line', async () => {
    const body = JSON.parse(await raw('sources')) as { data: unknown[] };
    const { stdout } = await runCli(['sources', ...sandbox.args(), '-f', 'ndjson']);
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(body.data);
  });
});
