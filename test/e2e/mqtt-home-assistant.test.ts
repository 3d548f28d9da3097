// `healthdata mqtt` against Debian's mosquitto (one per file, stopped by pid), read back with an
// mqtt.js subscriber: the discovery configs and retained states as Home Assistant reads them,
// nothing published again when nothing changed, hostile names kept out of topics, the broker's
// login, and the faults: a broker gone mid-publish, a kill during a push.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, runCli, tempDir } from '../helpers/cli.ts';
import { startFakeBroker } from '../helpers/fake-broker.ts';
import { startMosquitto, subscribe, type Message, type Mosquitto } from '../helpers/mosquitto.ts';
import { TODAY, useSandbox } from '../helpers/sandbox.ts';
import { spawnCli, until } from '../helpers/spawn.ts';
import {
  closedPort,
  pageBody,
  send,
  startServer,
  type TestServer,
} from '../helpers/test-server.ts';

const sandbox = useSandbox({ plan: 'pro' });
const clock = fixedClock(TODAY);
const LOGIN = { username: 'ha', password: 'mqtt-secret-Pa55word' };
let broker: Mosquitto;
let locked: Mosquitto;

beforeAll(async () => {
  [broker, locked] = await Promise.all([startMosquitto(), startMosquitto({ login: LOGIN })]);
});
afterAll(async () => {
  await Promise.all([broker.stop(), locked?.stop()]);
});

const mqtt = (args: string[], env: Record<string, string> = {}) =>
  runCli(['mqtt', ...args, ...sandbox.args()], { clock, env });

interface Config {
  unique_id: string;
  name: string;
  state_topic: string;
  json_attributes_topic: string;
  unit_of_measurement?: string;
  device_class?: string;
  state_class?: string;
  device: { identifiers: string[]; name: string };
}

function sensor(
  messages: Message[],
  name: string,
): { config: Config; state: string; attributes: Record<string, unknown> } {
  const found = messages
    .filter((m) => m.topic.endsWith('/config'))
    .map((m) => JSON.parse(m.payload) as Config)
    .find((c) => c.name === name);
  if (!found) throw new Error(`no sensor ${name}`);
  const one = (topic: string): string => {
    const got = messages.filter((m) => m.topic === topic);
    expect(got, topic).toHaveLength(1);
    expect(got[0]?.retain).toBe(true);
    return (got[0] as Message).payload;
  };
  return {
    config: found,
    state: one(found.state_topic),
    attributes: JSON.parse(one(found.json_attributes_topic)) as Record<string, unknown>,
  };
}

describe('healthdata mqtt', () => {
  const dir = tempDir();
  const state = join(dir, 'state.json');

  it('publishes a retained discovery config, state and attributes per metric and provider', async () => {
    const run = await mqtt(['--broker', broker.url, '--state', state]);
    expect(run.stderr).toMatch(/published (\d+) of \1 sensors to 127\.0\.0\.1:\d+/);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const reader = await subscribe(broker.port, ['homeassistant/#', 'healthdata/#']);
    await reader.settle();
    await reader.close();
    const messages = reader.messages;
    const configs = messages.filter((m) => m.topic.startsWith('homeassistant/sensor/'));
    for (const m of configs) expect(m.topic).toMatch(/^homeassistant\/sensor\/[a-z0-9_]+\/config$/);

    const rhr = sensor(messages, 'resting_heart_rate (WristBand)');
    expect(rhr.config.unit_of_measurement).toBe('bpm');
    expect(rhr.config.device_class).toBeUndefined();
    expect(rhr.config.state_class).toBe('measurement');
    // The value `daily` gives for the latest day, and the baseline `anomalies` scores against.
    const daily = await runCli(
      [
        'daily',
        '-m',
        'resting_heart_rate',
        '-p',
        'WristBand',
        '--from',
        '0d',
        '-f',
        'json',
        ...sandbox.args(),
      ],
      { clock },
    );
    const today = (JSON.parse(daily.stdout) as { data: { date: string; value: number }[] }).data[0];
    expect(today?.date).toBe(TODAY);
    expect(Number(rhr.state)).toBe(today?.value);
    const anomalies = await runCli(
      ['anomalies', '-m', 'resting_heart_rate', '--from', '0d', '-f', 'json', ...sandbox.args()],
      { clock },
    );
    const flagged = (JSON.parse(anomalies.stdout) as { data: { median: number; z: number }[] })
      .data[0];
    expect(rhr.attributes).toMatchObject({
      metric: 'resting_heart_rate',
      provider: 'WristBand',
      date: TODAY,
      basis: 'single',
      baseline_median: flagged?.median,
      z: flagged?.z,
    });
    expect(rhr.attributes['baseline_days']).toBeGreaterThanOrEqual(14);

    const weight = sensor(messages, 'weight (ScaleCo)');
    expect(weight.config).toMatchObject({
      device_class: 'weight',
      state_class: 'measurement',
      unit_of_measurement: 'kg',
    });
    const steps = sensor(messages, 'steps (PhoneHealth)');
    expect(steps.config.state_class).toBe('total_increasing');
    expect(steps.attributes['basis']).toBe('total');
    // WristBand sends one steps row a day, no twin: still a daily count, as PhoneHealth's.
    expect(sensor(messages, 'steps (WristBand)').config.state_class).toBe('total_increasing');
    expect(sensor(messages, 'active_energy (PhoneHealth)').config.device_class).toBe('energy');
    expect(sensor(messages, 'sleep_duration (RingWear)').config.device_class).toBe('duration');
    // A temperature difference is no temperature: Home Assistant would convert +1 °C to 33.8 °F.
    expect(
      sensor(messages, 'body_temperature_delta (RingWear)').config.device_class,
    ).toBeUndefined();
    // One device for the person, every sensor on it; ids unique.
    const all = configs.map((m) => JSON.parse(m.payload) as Config);
    expect(new Set(all.map((c) => c.device.identifiers[0])).size).toBe(1);
    expect(new Set(all.map((c) => c.unique_id)).size).toBe(all.length);
  });

  it('publishes nothing on a re-run when nothing changed, everything again with --force', async () => {
    const reader = await subscribe(broker.port, ['#']);
    await reader.settle();
    const retained = reader.messages.length;
    reader.messages.length = 0;
    const again = await mqtt(['--broker', broker.url, '--state', state]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(
      /nothing new for 127\.0\.0\.1:\d+: \d+ sensors are as last published/,
    );
    await reader.settle();
    expect(reader.messages).toEqual([]);
    const forced = await mqtt(['--broker', broker.url, '--state', state, '--force']);
    expect(forced.code).toBe(0);
    await reader.settle();
    await reader.close();
    expect(reader.messages.filter((m) => !m.retain)).toHaveLength(retained);
  });

  it('logs in with the user name and password of the environment or the config file, never printing the password', async () => {
    const env = {
      HEALTHDATA_MQTT_USERNAME: LOGIN.username,
      HEALTHDATA_MQTT_PASSWORD: LOGIN.password,
    };
    const ok = await mqtt(
      ['--broker', locked.url, '-m', 'weight', '--state', join(dir, 'locked.json'), '--verbose'],
      env,
    );
    expect(ok.stderr).toMatch(/published 1 of 1 sensors/);
    expect(ok.code).toBe(0);
    const wrong = await mqtt(
      ['--broker', locked.url, '-m', 'weight', '--state', join(dir, 'wrong.json'), '--verbose'],
      { ...env, HEALTHDATA_MQTT_PASSWORD: `${LOGIN.password}-not` },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /cannot reach the MQTT broker 127\.0\.0\.1:\d+: .*[Nn]ot authorized/,
    );
    for (const out of [ok.stdout, ok.stderr, wrong.stdout, wrong.stderr])
      expect(out).not.toContain(LOGIN.password);

    // From the config file: `config set mqtt-password` reads it from stdin, `config list` hides it.
    const config = tempDir('healthdata-config-');
    const cfg = { HEALTHDATA_CONFIG_DIR: config };
    expect(
      (await runCli(['config', 'set', 'mqtt-username', LOGIN.username], { env: cfg })).code,
    ).toBe(0);
    const set = await runCli(['config', 'set', 'mqtt-password'], {
      env: cfg,
      stdin: `${LOGIN.password}\n`,
    });
    expect(set.code).toBe(0);
    const list = await runCli(['config', 'list'], { env: cfg });
    expect(list.stdout + list.stderr).not.toContain(LOGIN.password);
    const fromFile = await mqtt(['--broker', locked.url, '-m', 'weight', '--force'], cfg);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stderr).toMatch(/published 1 of 1 sensors/);
  });

  it('keeps hostile metric and provider names out of the topics: slugged to [a-z0-9_] with a hash', async () => {
    const names = ['steps/+/#', 'Steps/+/#', 'hé ärt ✓', '$(touch x)', 'a\u202eb', '#'];
    const rows = names.flatMap((metric, i) =>
      Array.from({ length: 30 }, (_, d) => ({
        date: new Date(Date.UTC(2026, 10, 22) - d * 86_400_000).toISOString().slice(0, 10),
        provider: i % 2 ? 'Wrist/Band#+' : 'ÜberRing',
        metric,
        numValue: 50 + ((d * 7 + i) % 11),
        textValue: null,
        unit: 'bpm',
        stream: false,
      })),
    );
    const api: TestServer = await startServer((req, res) => {
      if (req.url?.startsWith('/api/v1/metrics')) send(res, 200, pageBody(rows, null));
      else send(res, 404, '{"error":{"code":"not_found","message":"no"}}');
    });
    try {
      const run = await runCli(
        [
          'mqtt',
          '--broker',
          broker.url,
          '--state',
          join(dir, 'hostile.json'),
          '--base-url',
          api.url,
          '--api-key',
          'phd_live_testkey_0123456789',
          '--discovery-prefix',
          'hostile',
        ],
        { clock },
      );
      expect(run.stderr).toMatch(/published 6 of 6 sensors/);
      expect(run.code).toBe(0);
      const reader = await subscribe(broker.port, ['hostile/#', 'healthdata/#']);
      await reader.settle();
      await reader.close();
      const configs = reader.messages.filter((m) => m.topic.startsWith('hostile/'));
      expect(configs).toHaveLength(6);
      const parsed = configs.map((m) => JSON.parse(m.payload) as Config);
      for (const c of parsed) {
        for (const topic of [c.state_topic, c.json_attributes_topic])
          expect(topic).toMatch(/^healthdata\/[a-z0-9_]+\/[a-z0-9_]+\/(state|attributes)$/);
        // eslint-disable-next-line no-control-regex
        expect(c.name).not.toMatch(/[\u0000-\u001f\u202e]/);
      }
      for (const m of configs) expect(m.topic).toMatch(/^hostile\/sensor\/[a-z0-9_]+\/config$/);
      expect(new Set(parsed.map((c) => c.unique_id)).size).toBe(6);
      // The exact names travel inside the JSON of the attributes.
      const metrics = reader.messages
        .filter((m) => m.topic.endsWith('/attributes'))
        .map((m) => (JSON.parse(m.payload) as { metric: string }).metric);
      expect(metrics.sort()).toEqual(expect.arrayContaining(names));
    } finally {
      await api.close();
    }
  });

  it('exits 1 when the broker is unreachable', async () => {
    const run = await mqtt([
      '--broker',
      `mqtt://127.0.0.1:${await closedPort()}`,
      '--state',
      join(dir, 'none.json'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^healthdata: error: cannot reach the MQTT broker 127\.0\.0\.1:\d+: .*ECONNREFUSED/m,
    );
  });

  it('marks as published only what the broker acknowledged when it goes away mid-publish; the next run sends the rest', async () => {
    const fake = await startFakeBroker({ acks: 4, then: 'drop' });
    const path = join(dir, 'dropped.json');
    try {
      const run = await mqtt(['--broker', fake.url, '--state', path]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/the connection to the MQTT broker 127\.0\.0\.1:\d+ closed/);
    } finally {
      await fake.close();
    }
    // 4 acks: one sensor's three messages, and one of the next: one sensor marked.
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { published: Record<string, string> };
    expect(Object.keys(saved.published)).toHaveLength(1);
    const rest = await mqtt(['--broker', broker.url, '--state', path]);
    expect(rest.code).toBe(0);
    const [, done, all] = /published (\d+) of (\d+)/.exec(rest.stderr) ?? [];
    expect(Number(done)).toBe(Number(all) - 1);
  });

  it.each(['SIGKILL', 'SIGTERM'] as const)(
    'leaves a whole state file, with only the acknowledged sensors, on %s during a push',
    async (signal) => {
      const fake = await startFakeBroker({ acks: 6, then: 'hang' });
      const path = join(dir, `killed-${signal}.json`);
      try {
        let pid = 0;
        const run = spawnCli(['mqtt', '--demo', '--broker', fake.url, '--state', path], {
          env: { HEALTHDATA_CONFIG_DIR: dir },
          onStart: (child) => (pid = child.pid as number),
        });
        await until(() => fake.publishes() >= 7, 30_000);
        process.kill(pid, signal);
        const ended = await run;
        if (signal === 'SIGKILL') expect(ended.signal).toBe('SIGKILL');
        else {
          expect(ended.code).toBe(143);
          expect(ended.stderr).toMatch(/\nhealthdata: stopped by SIGTERM\n$/);
        }
      } finally {
        await fake.close();
      }
      const saved = JSON.parse(readFileSync(path, 'utf8')) as { published: Record<string, string> };
      expect(Object.keys(saved.published)).toHaveLength(2);
    },
  );
});
