// Resources, prompts, completion and logging of `healthdata mcp`, through the SDK's own client
// against the built CLI over stdio: the sandbox for the data (its rows read independently
// over HTTP for the expected values), and a hostile API for names that are shell code and a
// 503 that the client retries.
import type { LoggingMessageNotification } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileApi } from '../helpers/hostile-api.ts';
import { hostileCatalog, offerableNames } from '../helpers/hostile-names.ts';
import { spawnedServer, type McpPair } from '../helpers/mcp.ts';
import { addDays, allRows, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { API_KEY, send, startServer, type TestServer } from '../helpers/test-server.ts';
import { tempDir } from '../helpers/cli.ts';
import { spawnCli } from '../helpers/spawn.ts';

const sandbox = useSandbox();
const CAP = 16_384;
type Log = LoggingMessageNotification['params'];

let mcp: McpPair;
const logs: Log[] = [];
let hostile: TestServer;
let hostileMcp: McpPair;
const hostileLogs: Log[] = [];

beforeAll(async () => {
  // The smallest cap, so that a long daily read must be cut (the caps are the tools').
  mcp = await spawnedServer([
    '--base-url',
    sandbox.current.url,
    '--api-key',
    sandbox.current.apiKey,
    '--max-answer-bytes',
    String(CAP),
  ]);
  mcp.client.setNotificationHandler('notifications/message', (n) => void logs.push(n.params));
  // The first profile request fails with a 503 the API client retries.
  const api = hostileApi({ catalog: hostileCatalog() });
  let failed = false;
  hostile = await startServer((req, res, index) => {
    if (!failed && req.url?.startsWith('/api/v1/profile')) {
      failed = true;
      return send(res, 503, '{"error":{"code":"busy","message":"try again"}}', {
        'retry-after': '0',
      });
    }
    return api(req, res, index);
  });
  hostileMcp = await spawnedServer(['--base-url', hostile.url, '--api-key', API_KEY]);
  hostileMcp.client.setNotificationHandler(
    'notifications/message',
    (n) => void hostileLogs.push(n.params),
  );
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await hostileMcp?.close();
  await hostile?.close();
});

async function read(pair: McpPair, uri: string): Promise<Record<string, unknown>> {
  const { contents } = await pair.client.readResource({ uri });
  expect(contents).toHaveLength(1);
  const [content] = contents;
  expect(content?.mimeType).toBe('application/json');
  expect(content?.uri).toBe(uri);
  return JSON.parse((content as { text: string }).text) as Record<string, unknown>;
}

describe('healthdata mcp resources', () => {
  it('lists the documents and templates, and reads each document as its tool answers', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'healthdata://profile',
      'healthdata://catalog',
      'healthdata://sources',
    ]);
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'healthdata://daily/{metric}{?provider,from,to}',
      'healthdata://summary/{metric}{?provider,from,to}',
    ]);
    for (const [uri, tool] of [
      ['healthdata://profile', 'get_profile'],
      ['healthdata://catalog', 'list_metrics'],
      ['healthdata://sources', 'list_sources'],
    ] as const) {
      const { structured } = await mcp.call(tool);
      expect(await read(mcp, uri), uri).toEqual(structured);
    }
    const catalog = await read(mcp, 'healthdata://catalog');
    expect(catalog['twins']).toContainEqual({ metric: 'steps', total: 'steps_total' });
  });

  it("reads a metric's daily rows from its _total twin, never a sum of one day's rows", async () => {
    const from = addDays(TODAY, -9);
    // The metric percent-encoded in the path (st%65ps), the query in any order.
    const uri = `healthdata://daily/st%65ps?provider=PhoneHealth&from=${from}`;
    const daily = await read(mcp, uri);
    expect(daily['query']).toEqual({
      metrics: ['steps'],
      providers: ['PhoneHealth'],
      from,
      to: null,
    });
    const twin = await allRows(
      sandbox.current,
      `metric=steps_total&provider=PhoneHealth&from=${from}`,
      1000,
    );
    const perApp = await allRows(
      sandbox.current,
      `metric=steps&provider=PhoneHealth&from=${from}`,
      1000,
    );
    const rows = daily['rows'] as { date: string; value: number; basis: string; rows: number }[];
    expect(rows).toEqual(
      twin.map((r) =>
        expect.objectContaining({ date: r.date, value: r.numValue, basis: 'total', rows: 1 }),
      ),
    );
    // The per-app rows of a day add up to more than the day's total: the sum is never served.
    const sums = new Map<string, number>();
    for (const r of perApp) sums.set(r.date, (sums.get(r.date) ?? 0) + Number(r.numValue));
    expect(rows.some((r) => (sums.get(r.date) ?? 0) > r.value)).toBe(true);
    expect(daily['rows_left_out']).toBe(0);
    expect(daily['complete']).toBe(true);
  });

  it('reads the rows `healthdata daily -f json` prints, several rows a day as their mean', async () => {
    const got = await spawnCli(
      ['daily', '-m', 'heart_rate', '--from', '5d', '-f', 'json', ...sandbox.args()],
      { env: { HEALTHDATA_CONFIG_DIR: tempDir() } },
    );
    expect(got.code).toBe(0);
    const cli = (JSON.parse(got.stdout) as { data: { basis: string }[] }).data;
    expect(cli.some((r) => r.basis === 'several')).toBe(true);
    const daily = await read(mcp, 'healthdata://daily/heart_rate?from=5d');
    expect(daily['rows']).toEqual(cli);
  });

  it("cuts a long daily read to the tools' cap, keeping the newest rows, and says so", async () => {
    const uri = 'healthdata://daily/steps?from=300d';
    const { contents } = await mcp.client.readResource({ uri });
    const text = (contents[0] as { text: string }).text;
    expect(Buffer.byteLength(text)).toBeLessThan(CAP);
    const daily = JSON.parse(text) as {
      rows: { date: string }[];
      rows_left_out: number;
      notes: string[];
    };
    expect(daily.rows_left_out).toBeGreaterThan(0);
    expect(daily.rows[0]?.date).toBe(TODAY);
    expect(daily.notes).toContainEqual(
      `Only the newest ${daily.rows.length} of ${daily.rows.length + daily.rows_left_out} daily rows fit the cap of ${CAP} bytes; read again with an earlier \`to\` for the rest.`,
    );
  });

  it('reads a summary as daily_summary answers it, and refuses a bad parameter by name', async () => {
    const from = addDays(TODAY, -20);
    const summary = await read(mcp, `healthdata://summary/steps?from=${from}`);
    const { structured } = await mcp.call('daily_summary', { metrics: ['steps'], from });
    expect(summary).toEqual(structured);
    await expect(read(mcp, 'healthdata://daily/steps?form=3d')).rejects.toThrow(
      /unknown parameter form: the template takes provider, from, to/,
    );
    await expect(read(mcp, 'healthdata://daily/steps?from=1d&from=2d')).rejects.toThrow(
      /parameter from given more than once: give it once/,
    );
    await expect(read(mcp, 'healthdata://summary/steps?from=lastweek')).rejects.toThrow(
      /from 'lastweek' is not a date/,
    );
  });
});

describe('healthdata mcp prompts', () => {
  it('lists three prompts and fills each with the resolved dates, the tools and the rule', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(
      prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => [a.name, a.required])]),
    ).toEqual([
      ['weekly_review', []],
      [
        'explain_anomaly',
        [
          ['metric', true],
          ['date', true],
        ],
      ],
      [
        'compare_months',
        [
          ['month', true],
          ['vs_month', true],
          ['metric', false],
        ],
      ],
    ]);
    const text = async (name: string, args?: Record<string, string>) => {
      const { messages } = await mcp.client.getPrompt({
        name,
        ...(args ? { arguments: args } : {}),
      });
      expect(messages).toHaveLength(1);
      expect(messages[0]?.role).toBe('user');
      return (messages[0]?.content as { text: string }).text;
    };
    const weekly = await text('weekly_review');
    expect(weekly).toContain(`week ${addDays(TODAY, -6)} to ${TODAY}`);
    const anomaly = await text('explain_anomaly', { metric: 'heart rate', date: '3d' });
    expect(anomaly).toContain(`"heart rate" on ${addDays(TODAY, -3)}`);
    expect(anomaly).toContain(
      `healthdata://daily/heart%20rate?from=${addDays(TODAY, -17)}&to=${TODAY}`,
    );
    expect(await text('compare_months', { month: '2025-12', vs_month: '2025-11' })).toContain(
      '2025-12 (2025-12-01 to 2025-12-31) with 2025-11 (2025-11-01 to 2025-11-30)',
    );
    const months = await text('compare_months', { month: '2026-02', vs_month: '2024-02' });
    expect(months).toContain(
      '2026-02 (2026-02-01 to 2026-02-28) with 2024-02 (2024-02-01 to 2024-02-29)',
    );
    for (const said of [weekly, anomaly, months]) {
      expect(said).toContain('must NEVER be added up');
      expect(said).toContain('<metric>_total twin');
    }
    await expect(
      mcp.client.getPrompt({
        name: 'compare_months',
        arguments: { month: '2026-13', vs_month: '2026-01' },
      }),
    ).rejects.toThrow(/month "2026-13" is not a month — give it as YYYY-MM/);
    await expect(
      mcp.client.getPrompt({
        name: 'explain_anomaly',
        arguments: { metric: 'steps', date: '99999d' },
      }),
    ).rejects.toThrow(/is before 1900-01-01/);
  });
});

describe('healthdata mcp completion', () => {
  const complete = async (pair: McpPair, ref: object, name: string, value: string) =>
    (
      await pair.client.complete({
        ref: ref as { type: 'ref/prompt'; name: string },
        argument: { name, value },
      })
    ).completion.values;
  const prompt = (name: string) => ({ type: 'ref/prompt', name });
  const daily = { type: 'ref/resource', uri: 'healthdata://daily/{metric}{?provider,from,to}' };

  it('offers catalog names and months, and an empty list for what it does not know', async () => {
    const st = await complete(mcp, prompt('explain_anomaly'), 'metric', 'st');
    expect(st.slice(0, 2)).toEqual(['steps', 'steps_total']);
    expect(st.every((n) => n.toLowerCase().includes('st'))).toBe(true);
    expect(await complete(mcp, daily, 'provider', 'wr')).toEqual(['WristBand']);
    const months = await complete(mcp, prompt('compare_months'), 'vs_month', '');
    expect(months.slice(0, 2)).toEqual([TODAY.slice(0, 7), '2026-10']);
    expect(months).toHaveLength(24);
    expect(months.at(-1)).toBe('2024-12');
    expect(await complete(mcp, prompt('no_such_prompt'), 'arg1', 'x')).toEqual([]);
    expect(await complete(mcp, prompt('weekly_review'), 'metric', '')).toEqual([]);
  });

  it('offers only the names shell TAB offers when the catalog holds shell code and escapes', async () => {
    const sorted = (names: string[]) => [...names].sort();
    expect(await complete(hostileMcp, prompt('explain_anomaly'), 'metric', '')).toEqual(
      sorted(offerableNames('m')),
    );
    // Providers as the name check reads them (api/name-check.ts): each metric's too (`x`).
    expect(await complete(hostileMcp, daily, 'provider', '')).toEqual(
      sorted([...offerableNames('p'), 'x']),
    );
  });
});

describe('healthdata mcp logging', () => {
  it('logs nothing until a level is set, then the call notes at and above it', async () => {
    const args = { metrics: ['steps'], from: '2000-01-01' };
    await mcp.call('daily_summary', args);
    expect(logs).toEqual([]);

    await mcp.client.setLoggingLevel('warning');
    const { structured } = await mcp.call('daily_summary', args);
    const floor = (structured['clamp'] as { effective_from: string }).effective_from;
    expect(logs).toEqual([
      {
        level: 'warning',
        logger: 'healthdata',
        data: expect.stringMatching(
          new RegExp(`^from 2000-01-01 was clamped to ${floor}, the history floor`),
        ),
      },
    ]);

    logs.length = 0;
    await mcp.client.setLoggingLevel('info');
    const again = await mcp.call('daily_summary', args);
    // Every note of the answer, in order: the clamp a warning, the rest (the rule) info.
    const notes = again.structured['notes'] as string[];
    expect(logs.map((l) => l.data)).toEqual(notes);
    expect(logs.map((l) => l.level)).toEqual(notes.map((_, i) => (i === 0 ? 'warning' : 'info')));
    expect(notes.some((n) => n.includes('must NEVER be added up'))).toBe(true);

    // A failed call: its error line at `error`.
    logs.length = 0;
    await mcp.call('daily_summary', { metrics: ['stepz'] });
    expect(logs).toEqual([
      { level: 'error', logger: 'healthdata', data: expect.stringContaining('stepz') },
    ]);
  });

  it('says a retry of the API client at notice, to the client of the call that made it', async () => {
    await hostileMcp.client.setLoggingLevel('notice');
    await read(hostileMcp, 'healthdata://profile');
    expect(hostileLogs).toContainEqual({
      level: 'notice',
      logger: 'healthdata',
      data: expect.stringMatching(/^retry 1\/\d+ in \d+ ms: .*503/),
    });
    expect(JSON.stringify(hostileLogs)).not.toContain(API_KEY);
  });
});
