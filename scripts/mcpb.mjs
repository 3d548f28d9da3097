// @ts-check
// Packs `healthdata mcp` as an MCP Bundle (.mcpb): one file that Claude Desktop installs with a
// click, asking for the API key (kept in the OS keychain: sensitive) and the base URL. The
// bundle holds the built CLI (bin/, dist/) and a manifest whose tool list is taken from the
// built server's own tools/list, so it cannot drift from the code. Checked with mcpb's own
// validator before packing; test/e2e/mcpb.test.ts unpacks the result and runs it.
//
//   npm run mcpb                        build, then write build/mcpb/healthdata.mcpb
//   node scripts/mcpb.mjs [out-dir]     pack the current build into out-dir (default build/mcpb)
import { packExtension, validateManifest } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'build/mcpb'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The tools as the built server lists them: name and description. */
async function listedTools() {
  const config = mkdtempSync(join(tmpdir(), 'healthdata-mcpb-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'bin/healthdata.js'), 'mcp', '--demo', '--quiet'],
    env: { PATH: process.env['PATH'] ?? '', HEALTHDATA_CONFIG_DIR: config },
  });
  const client = new Client({ name: 'healthdata-mcpb', version: pkg.version });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    return tools.map(({ name, description }) => ({ name, description: description ?? '' }));
  } finally {
    await client.close();
    rmSync(config, { recursive: true, force: true });
  }
}

function manifest(tools) {
  return {
    manifest_version: '0.3',
    name: 'healthdata',
    display_name: 'healthdata',
    version: pkg.version,
    description: 'Your own health data from the Personal Health Data Read API, read-only.',
    long_description:
      'Nine read-only tools over your own health data: the catalog, rows, daily values, trends, unusual days, two periods compared and correlations. The API key is asked for once and kept by the app, never in a config file.',
    author: { name: 'healthdata' },
    license: pkg.license,
    keywords: ['health', 'mcp', 'read-only'],
    server: {
      type: 'node',
      entry_point: 'bin/healthdata.js',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/bin/healthdata.js', 'mcp'],
        env: {
          HEALTHDATA_API_KEY: '${user_config.api_key}',
          HEALTHDATA_BASE_URL: '${user_config.base_url}',
        },
      },
    },
    tools,
    user_config: {
      api_key: {
        type: 'string',
        title: 'API key',
        description: 'Your key from the dashboard: AI apps → API keys.',
        sensitive: true,
        required: true,
      },
      base_url: {
        type: 'string',
        title: 'Base URL',
        description:
          'The address of the Personal Health Data Read API, e.g. https://api.example.com',
        required: true,
      },
    },
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: pkg.engines.node },
    },
  };
}

const stage = join(out, 'healthdata');
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
cpSync(join(root, 'bin'), join(stage, 'bin'), { recursive: true });
// A V8 code cache fits only the Node that made it: the app's Node would refuse it anyway.
cpSync(join(root, 'dist'), join(stage, 'dist'), {
  recursive: true,
  filter: (path) => !path.endsWith('.v8cache'),
});
// bin/healthdata.js reads the version from here.
const { name, version, license, type, engines } = pkg;
writeFileSync(
  join(stage, 'package.json'),
  `${JSON.stringify({ name, version, license, type, engines }, null, 2)}\n`,
);
writeFileSync(
  join(stage, 'manifest.json'),
  `${JSON.stringify(manifest(await listedTools()), null, 2)}\n`,
);
if (!validateManifest(stage)) {
  process.stderr.write('mcpb: the manifest is not valid (see above)\n');
  process.exit(1);
}
const bundle = join(out, 'healthdata.mcpb');
if (!(await packExtension({ extensionPath: stage, outputPath: bundle, silent: true }))) {
  process.stderr.write('mcpb: packing failed\n');
  process.exit(1);
}
process.stdout.write(`${bundle}\n`);
