// `healthdata alerts` end to end: the sandbox's planted resting-HR rise (the last four days) to
// a webhook and an ntfy endpoint (loopback servers written here) and to an MQTT topic on
// Debian's mosquitto; the rise told once (one alert for the episode, not one a day) across runs,
// nothing for the days `anomalies` leaves alone, a retry after a failed delivery, quiet hours on
// an injected clock, hostile names. The episode rule itself: test/unit/alert-episodes.test.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/lib/clock.ts';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { startFakeBroker } from '../helpers/fake-broker.ts';
import { startMosquitto, subscribe, type Mosquitto } from '../helpers/mosquitto.ts';
import { addDays, TODAY, useSandbox } from '../helpers/sandbox.ts';
import { pageBody, send, startServer } from '../helpers/test-server.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A receiver that answers each POST with the next of `statuses` (the last repeats), and keeps them. */
async function receiver(
  statuses: number[] = [200],
): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (s: string) => (body += s));
    req.on('end', () => {
      const status = statuses[Math.min(got.length, statuses.length - 1)] ?? 200;
      got.push({ path: req.url ?? '', headers: req.headers, body, status });
      res.statusCode = status;
      res.end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sandbox = useSandbox({ plan: 'pro' });
const noon = fixedClock(TODAY);
let broker: Mosquitto;
beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker?.stop();
});

const alerts = (args: string[], clock: Clock = noon) =>
  runCli(['alerts', ...args, ...sandbox.args()], { clock });

interface AlertJson {
  metric: string;
  provider: string;
  date: string;
  value: number;
  unit: string | null;
  baseline: number;
  z: number;
  direction: string;
  since: string;
  days: number;
  message: string;
}

const PLANTED = [3, 2, 1, 0].map((ago) => addDays(TODAY, -ago));
/** The episode's alert: its latest day. */
const LAST = PLANTED[3] as string;

/** An API of `metrics` each steady for 30 days but for a spike today: an episode each. */
async function spikes(metrics: readonly string[]) {
  const rows = metrics.flatMap((metric) =>
    Array.from({ length: 30 }, (_, d) => ({
      date: addDays(TODAY, -d),
      provider: 'P',
      metric,
      numValue: d === 0 ? 900 : 50 + (d % 7),
      textValue: null,
      unit: 'bpm',
      stream: false,
    })),
  );
  return startServer((req, res) => {
    if (req.url?.startsWith('/api/v1/metrics')) send(res, 200, pageBody(rows, null));
    else send(res, 404, '{"error":{"code":"not_found","message":"no"}}');
  });
}

describe('healthdata alerts', () => {
  const dir = tempDir();

  it('tells the planted rise once, as one alert for its four days, to a webhook, ntfy and MQTT across runs', async () => {
    const hook = await receiver();
    const reader = await subscribe(broker.port, ['health/alerts']);
    try {
      const args = [
        '-m',
        'resting_heart_rate',
        '--notify',
        `${hook.url}/hook/secret-id`,
        '--notify',
        `ntfy+${hook.url}/my-topic`,
        '--notify',
        `${broker.url}/health/alerts`,
        '--state',
        join(dir, 'once.json'),
      ];
      const first = await alerts(args);
      expect(first.stderr).toMatch(/alerts: delivered 3 /);
      expect(first.code).toBe(0);
      // The webhook's URL is its secret: messages name its host only.
      expect(first.stderr).not.toContain('secret-id');
      for (let i = 0; i < 2; i++) {
        const again = await alerts(args);
        expect(again.code).toBe(0);
        expect(again.stderr).toMatch(/alerts: delivered 0 /);
      }
      await reader.settle();

      const anomalies = await runCli(
        ['anomalies', '-m', 'resting_heart_rate', '--from', '6d', '-f', 'json', ...sandbox.args()],
        { clock: noon },
      );
      const expected = (
        JSON.parse(anomalies.stdout) as {
          data: { date: string; value: number; median: number; z: number }[];
        }
      ).data.reverse();
      expect(expected.map((a) => a.date)).toEqual(PLANTED);

      const posts = hook.got.filter((r) => r.path === '/hook/secret-id');
      expect(posts.map((r) => r.headers['content-type'])).toEqual(['application/json']);
      const bodies = posts.map((r) => JSON.parse(r.body) as AlertJson);
      // The latest day's numbers, as anomalies gives them, and since when it has lasted.
      const last = expected.at(-1);
      expect(bodies.map((b) => [b.date, b.value, b.baseline, b.z, b.since, b.days])).toEqual([
        [last?.date, last?.value, last?.median, last?.z, PLANTED[0], 4],
      ]);
      for (const b of bodies) {
        expect(b).toMatchObject({
          metric: 'resting_heart_rate',
          provider: 'WristBand',
          unit: 'bpm',
          direction: 'high',
        });
        expect(b.message).toMatch(
          /^resting_heart_rate \(WristBand\) on \d{4}-\d{2}-\d{2}: \d+ bpm, higher than usual for you — the median .* was \d+ bpm\. Unusual here means a robust z of [\d.]+ \(\|z\| ≥ 3\.5\): a statistic about your own numbers, not a diagnosis\. It has been so every day since \d{4}-\d{2}-\d{2} \(4 days\)\.$/,
        );
        expect(b.message).not.toMatch(/\n/);
      }
      const ntfy = hook.got.filter((r) => r.path === '/my-topic');
      expect(ntfy.map((r) => r.headers['title'])).toEqual([
        `resting_heart_rate higher than usual on ${LAST}`,
      ]);
      expect(ntfy.map((r) => r.body)).toEqual(bodies.map((b) => b.message));
      const published = reader.messages.map((m) => JSON.parse(m.payload) as AlertJson);
      expect(published).toEqual(bodies);
      expect(reader.messages.every((m) => !m.retain)).toBe(true);
    } finally {
      await reader.close();
      await hook.close();
    }
  });

  it('sends nothing for the days anomalies leaves alone: every metric, one alert per run of its flagged days', async () => {
    const hook = await receiver();
    try {
      const run = await alerts(['--notify', hook.url, '--state', join(dir, 'all.json')]);
      expect(run.code).toBe(0);
      const anomalies = await runCli(
        ['anomalies', '--from', '6d', '-f', 'json', ...sandbox.args()],
        { clock: noon },
      );
      // The last day of each run of consecutive flagged days of one series and direction.
      const flagged = (JSON.parse(anomalies.stdout) as { data: AlertJson[] }).data;
      const lastDays = flagged
        .filter(
          (a) =>
            !flagged.some(
              (b) =>
                b.metric === a.metric &&
                b.provider === a.provider &&
                b.direction === a.direction &&
                b.date === addDays(a.date, 1),
            ),
        )
        .map((a) => `${a.metric}/${a.provider}/${a.date}`);
      const sent = hook.got
        .map((r) => JSON.parse(r.body) as AlertJson)
        .map((a) => `${a.metric}/${a.provider}/${a.date}`);
      expect(sent.sort()).toEqual(lastDays.sort());
      expect(sent.filter((k) => k.startsWith('resting_heart_rate/'))).toEqual([
        `resting_heart_rate/WristBand/${LAST}`,
      ]);
    } finally {
      await hook.close();
    }
  });

  it('sends a failed delivery again on the next run, and only that one', async () => {
    const hook = await receiver([500, 200]);
    try {
      const args = [
        '-m',
        'resting_heart_rate',
        '--notify',
        `${hook.url}/x`,
        '--state',
        join(dir, 'retry.json'),
      ];
      const failed = await alerts(args);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^healthdata: error: could not deliver to http:\/\/127\.0\.0\.1:\d+\/… \(HTTP 500\) — what was not delivered is sent again on the next run$/m,
      );
      expect(hook.got).toHaveLength(1);
      const retried = await alerts(args);
      expect(retried.code).toBe(0);
      expect((await alerts(args)).code).toBe(0);
      const dates = hook.got.map((r) => [(JSON.parse(r.body) as AlertJson).date, r.status]);
      expect(dates).toEqual([
        [LAST, 500],
        [LAST, 200],
      ]);
    } finally {
      await hook.close();
    }
  });

  it('a broker gone mid-push: the webhook is not held up, the unacknowledged alerts go next run', async () => {
    const fake = await startFakeBroker({ acks: 2, then: 'drop' });
    const hook = await receiver();
    // Four metrics, each with a spike today: four alerts for each destination.
    const api = await spikes(['m1', 'm2', 'm3', 'm4']);
    try {
      const args = [
        '--base-url',
        api.url,
        '--api-key',
        'phd_live_testkey_0123456789',
        '--notify',
        `${fake.url}/alerts`,
        '--notify',
        hook.url,
        '--state',
        join(dir, 'broker.json'),
      ];
      const failed = await runCli(['alerts', ...args], { clock: noon });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /could not deliver to mqtt:\/\/127\.0\.0\.1:\d+\/alerts \(the connection to the MQTT broker 127\.0\.0\.1:\d+ closed/,
      );
      expect(hook.got).toHaveLength(4);
      expect(fake.publishes()).toBe(3);
      fake.allow(100);
      const rest = await runCli(['alerts', ...args], { clock: noon });
      expect(rest.code).toBe(0);
      expect(rest.stderr).toMatch(/alerts: delivered 2 \(2 new for mqtt:/);
      // The third alert (dropped) was sent again, and the fourth: 3 + 2 publishes in all.
      expect(fake.publishes()).toBe(5);
      expect(hook.got).toHaveLength(4);
    } finally {
      await hook.close();
      await fake.close();
      await api.close();
    }
  });

  it('holds alerts in --quiet-hours and sends them on the first run after', async () => {
    const at = (hour: number): Clock => ({
      now: () => new Date(2026, 10, 22, hour, 30).getTime(),
      sleep: () => Promise.resolve(),
    });
    const hook = await receiver();
    try {
      const args = [
        '-m',
        'resting_heart_rate',
        '--notify',
        hook.url,
        '--quiet-hours',
        '22-07',
        '--state',
        join(dir, 'quiet.json'),
      ];
      const held = await alerts(args, at(6));
      expect(held.code).toBe(0);
      expect(held.stderr).toMatch(/quiet hours \(22-07\): held 1 alert until 07:00/);
      expect(hook.got).toHaveLength(0);
      const sent = await alerts(args, at(7));
      expect(sent.code).toBe(0);
      expect(hook.got.map((r) => (JSON.parse(r.body) as AlertJson).date)).toEqual([LAST]);
    } finally {
      await hook.close();
    }
    const bad = await alerts(['--notify', 'http://127.0.0.1:1/x', '--quiet-hours', '7-7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--quiet-hours '7-7' is not a span of hours/);
  });

  it('keeps hostile metric names inside the JSON and out of the headers', async () => {
    const evil = ['x"}\r\nX-Injected: 1\r\n\r\n{', 'héart ❤ \u2028rate'];
    const rows = evil.flatMap((metric) =>
      Array.from({ length: 30 }, (_, d) => ({
        date: addDays(TODAY, -d),
        provider: 'P\r\nX-Injected: 2',
        metric,
        numValue: d === 0 ? 900 : 50 + (d % 7),
        textValue: null,
        unit: 'bpm',
        stream: false,
      })),
    );
    const api = await startServer((req, res) => {
      if (req.url?.startsWith('/api/v1/metrics')) send(res, 200, pageBody(rows, null));
      else send(res, 404, '{"error":{"code":"not_found","message":"no"}}');
    });
    const hook = await receiver();
    try {
      const run = await runCli(
        [
          'alerts',
          '--notify',
          `${hook.url}/h`,
          '--notify',
          `ntfy+${hook.url}/t`,
          '--state',
          join(dir, 'evil.json'),
          '--base-url',
          api.url,
          '--api-key',
          'phd_live_testkey_0123456789',
        ],
        { clock: noon },
      );
      expect(run.stderr).toMatch(/alerts: delivered 4 /);
      expect(run.code).toBe(0);
      const json = hook.got
        .filter((r) => r.path === '/h')
        .map((r) => JSON.parse(r.body) as AlertJson);
      expect(json.map((a) => a.metric).sort()).toEqual([...evil].sort());
      for (const a of json) expect(a.message).not.toMatch(/[\r\n\u2028]/);
      for (const r of hook.got) {
        expect(r.headers['x-injected']).toBeUndefined();
        for (const value of Object.values(r.headers)) expect(String(value)).not.toMatch(/[\r\n]/);
      }
      const titles = hook.got.filter((r) => r.path === '/t').map((r) => String(r.headers['title']));
      expect(titles).toHaveLength(2);
      // Non-ASCII goes as an RFC 2047 encoded word, which ntfy decodes.
      const decoded = titles.map((t) => {
        const m = /^=\?UTF-8\?B\?(.*)\?=$/.exec(t);
        return m ? Buffer.from(m[1] ?? '', 'base64').toString('utf8') : t;
      });
      expect(decoded.some((t) => t.startsWith('héart ❤'))).toBe(true);
    } finally {
      await hook.close();
      await api.close();
    }
  });
});
