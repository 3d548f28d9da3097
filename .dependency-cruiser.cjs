// Layer rules for src/, checked by `npm run lint:deps` (part of npm test). The folders form a
// DAG; an import may only run down it:
//
//   cli ──► mcp, config, sync, report, output, sandbox, insight, daily, api, lib
//   mcp ──► output (summary records), insight, daily, api, lib (the MCP server's tools)
//   sync ──► output, api, lib
//   report ──► insight, daily, output (summary records), api, lib (the HTML report)
//   sandbox ──► api (the wire types it serves), lib
//   output ──► fhir, insight, daily (summaries to show), api (row types), lib
//   fhir ──► api (row types), lib (FHIR R4 resources of rows and daily values)
//   insight ──► daily (summaries' types), lib (statistics over daily values, pure)
//   daily ──► api (row types), lib
//   config ──► lib
//   api ──► lib
//   lib ──► nothing in src/
//
// See docs/architecture.md. Type-only imports count too (tsPreCompilationDeps).
/** @param {string} from @param {string[]} allowed */
const layer = (from, allowed) => ({
  name: `${from}-imports-down`,
  comment: `src/${from}/ may only import from src/{${allowed.join(',')}}/ — see docs/architecture.md`,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: '^src/', pathNot: `^src/(${[from, ...allowed].join('|')})/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles between files, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('lib', []),
    layer('api', ['lib']),
    layer('config', ['lib']),
    layer('daily', ['api', 'lib']),
    layer('sync', ['output', 'api', 'lib']),
    layer('fhir', ['api', 'lib']),
    layer('output', ['fhir', 'insight', 'daily', 'api', 'lib']),
    layer('insight', ['daily', 'api', 'lib']),
    layer('sandbox', ['api', 'lib']),
    layer('mcp', ['output', 'insight', 'daily', 'api', 'lib']),
    layer('report', ['insight', 'daily', 'output', 'api', 'lib']),
    layer('cli', [
      'mcp',
      'config',
      'sync',
      'report',
      'output',
      'sandbox',
      'insight',
      'fhir',
      'daily',
      'api',
      'lib',
    ]),
    {
      name: 'transport-knows-no-pagination',
      comment: 'The transport (one attempt, redirects, decoding, status) knows nothing of pages.',
      severity: 'error',
      from: { path: '^src/api/transport/' },
      to: { path: '^src/api/(pagination|client)' },
    },
    {
      name: 'commands-are-independent',
      comment: 'A command folder does not reach into another command folder.',
      severity: 'error',
      from: { path: '^src/cli/commands/([^/]+)/' },
      to: { path: '^src/cli/commands/', pathNot: '^src/cli/commands/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Dynamic import() counts: lazily loaded code must obey the layers too.
    moduleSystems: ['es6'],
  },
};
