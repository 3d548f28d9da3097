// Numbers no JSON number holds exactly as the API sent them (1e400, 1e-400, integers past
// 2^53): query_metrics gives null for them, never another number, and says so in a note,
// whether the page is in JSON.stringify's form (read off its bytes when proven) or spaced.
import { describe, expect, it } from 'vitest';
import { inMemoryServer } from '../helpers/mcp.ts';
import { API_KEY, META, send, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

const TOKENS = ['1e400', '12345678901234567891', '1e-400', '9007199254740993', '61.5'];

function body(spaced: boolean): string {
  const rows = TOKENS.map(
    (n, i) =>
      `{"date":"2026-11-${String(21 - i).padStart(2, '0')}","provider":"Ring","metric":"hrv","numValue":${n},"textValue":null,"unit":"ms","stream":false}`,
  );
  const page = `{"data":[${rows.join(',')}],"next_cursor":null,"meta":${JSON.stringify(META)}}`;
  return spaced ? page.replaceAll('","', '", "') : page;
}

describe('query_metrics and numbers no double holds', () => {
  for (const spaced of [false, true]) {
    it(`are null in the answer and counted in a note (${spaced ? 'a spaced page, parsed' : 'a page in JSON.stringify form'})`, async () => {
      const server = await serve((req, res) => {
        if ((req.url ?? '').includes('/catalog')) send(res, 200, '{"metrics":[{"metric":"hrv"}]}');
        else send(res, 200, body(spaced));
      });
      const mcp = await inMemoryServer(server.url, API_KEY);
      try {
        const got = await mcp.call('query_metrics', { metrics: ['hrv'], from: '2026-11-01' });
        const [series] = got.structured['series'] as { date: string[]; value: unknown[] }[];
        expect(series?.value).toEqual([null, null, null, null, 61.5]);
        expect(got.structured['notes']).toContain(
          '4 value(s) are null because the API sent a number no JSON number holds exactly (such as 1e400 or an integer past 2^53), the newest on 2026-11-21; `healthdata metrics -f json` keeps them as sent.',
        );
      } finally {
        await mcp.close();
      }
    });
  }
});
