// The one-click bundle (scripts/mcpb.mjs, `npm run mcpb`): packed from the current build, its
// manifest checked by mcpb's own validator, the .mcpb opened by mcpb's own unpacker, and the
// server in it started the way Claude Desktop starts it (mcpb's getMcpConfigForManifest: the
// user's key and base URL put into the manifest's command), against a sandbox API.
import {
  getMcpConfigForManifest,
  unpackExtension,
  validateManifest,
  type McpbManifestAny,
} from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { get, useSandbox } from '../helpers/sandbox.ts';
import { ROOT } from '../helpers/spawn.ts';
import { TODAY_ENV } from '../helpers/today.ts';

const sandbox = useSandbox({ plan: 'pro' });
const TOOLS = [
  'list_metrics',
  'query_metrics',
  'daily_summary',
  'get_profile',
  'list_sources',
  'trend',
  'find_anomalies',
  'compare_periods',
  'correlate',
];

let unpacked: string;
let manifest: McpbManifestAny;

beforeAll(async () => {
  const out = tempDir('healthdata-mcpb-');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'scripts/mcpb.mjs'), out],
    { cwd: ROOT },
  );
  const bundle = join(out, 'healthdata.mcpb');
  expect(stdout.trim().split('\n').at(-1)).toBe(bundle);
  unpacked = tempDir('healthdata-mcpb-unpacked-');
  expect(await unpackExtension({ mcpbPath: bundle, outputDir: unpacked, silent: true })).toBe(true);
  manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as McpbManifestAny;
}, 60_000);

describe('npm run mcpb', () => {
  it('packs a manifest that mcpb validates, with the entry file, the key asked for as a secret', () => {
    expect(validateManifest(join(unpacked, 'manifest.json'))).toBe(true);
    expect(manifest.server.entry_point).toBe('bin/healthdata.js');
    for (const file of ['bin/healthdata.js', 'bin/load-bundle.cjs', 'dist/healthdata.cjs']) {
      expect(existsSync(join(unpacked, file)), file).toBe(true);
    }
    expect(manifest.user_config?.['api_key']).toMatchObject({ sensitive: true, required: true });
    expect(manifest.user_config?.['base_url']?.sensitive).toBeUndefined();
    expect(manifest.tools?.map((t) => t.name)).toEqual(TOOLS);
    expect(manifest.tools?.every((t) => (t.description ?? '').length > 40)).toBe(true);
  });

  it('runs as Claude Desktop starts it: the key from user_config reaches the API, not the command line', async () => {
    const { apiKey, url } = sandbox.current;
    const config = await getMcpConfigForManifest({
      manifest,
      extensionPath: unpacked,
      systemDirs: {},
      userConfig: { api_key: apiKey, base_url: url },
      pathSeparator: '/',
    });
    expect(config?.command).toBe('node');
    expect(config?.args).toEqual([join(unpacked, 'bin/healthdata.js'), 'mcp']);
    expect(JSON.stringify(config?.args)).not.toContain(apiKey);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: config?.args ?? [],
      env: {
        PATH: process.env['PATH'] ?? '',
        HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
        ...TODAY_ENV,
        ...config?.env,
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'claude-desktop-like', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
      const result = await client.callTool({ name: 'get_profile', arguments: {} });
      expect(result.isError).not.toBe(true);
      const body = (await get<Record<string, unknown>>(sandbox.current, '/api/v1/profile')).body;
      const { meta, ...profile } = body;
      expect(meta).toBeDefined();
      expect(Object.keys(profile).length).toBeGreaterThan(0);
      expect((result.structuredContent as { profile: unknown }).profile).toEqual(profile);
    } finally {
      await client.close();
    }
  });
});
