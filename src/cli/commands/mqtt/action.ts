// `healthdata mqtt`: each metric's latest daily value to Home Assistant through its MQTT
// discovery (docs/home-assistant.md). The values are `daily`'s (src/daily/rule.ts), the
// baseline `anomalies`' (src/insight/anomalies.ts). Every message is retained and sent with
// QoS 1; a sensor is marked published (published.ts) only once the broker has acknowledged
// all three of its messages, so a broker gone mid-run leaves the rest for the next run.
import { randomBytes } from 'node:crypto';
import { NO_PROFILE_NAME } from '../../../config/profiles.ts';
import { chooseProfile } from '../../../config/settings.ts';
import { readConfig } from '../../../config/store.ts';
import { mqttCredentials } from '../../../config/mqtt-credentials.ts';
import { UsageError } from '../../../lib/errors.ts';
import { connectBroker, type Broker } from '../../../output/mqtt/broker.ts';
import { parseBrokerUrl } from '../../../output/mqtt/broker-url.ts';
import { sensorMessages, type SensorMessages } from '../../../output/mqtt/ha-discovery.ts';
import { slugId } from '../../../output/mqtt/topic-slug.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import { numericSeries } from '../../insight-series.ts';
import type { Notices } from '../../notices.ts';
import { defaultStatePath, openState, type StateFile } from '../../state-file.ts';
import { VERSION } from '../../version.ts';
import { latestValues } from './latest.ts';
import { checkPublished, digestOf, EMPTY, type PublishedState } from './published.ts';

export interface MqttFlags extends DailyFlags {
  broker: string;
  discoveryPrefix: string;
  metric?: string[];
  state?: string;
  force?: boolean;
}

/** A discovery prefix is one or more topic levels of [A-Za-z0-9_-]: no wildcard, no empty level. */
function checkPrefix(prefix: string): string {
  if (/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(prefix)) return prefix;
  throw new UsageError(
    `--discovery-prefix '${prefix}' is not a topic prefix — use letters, digits, _ and -, levels split by / (Home Assistant's default is homeassistant)`,
    'bad_option',
  );
}

export async function runMqtt(flags: MqttFlags, ctx: Context): Promise<void> {
  const broker = parseBrokerUrl(flags.broker, '--broker');
  if (broker.topic !== '') {
    throw new UsageError(
      `--broker takes no topic ('/${broker.topic}'): give mqtt://HOST:PORT, and --discovery-prefix for Home Assistant's prefix`,
      'bad_broker',
    );
  }
  const prefix = checkPrefix(flags.discoveryPrefix);
  const profile = flags.demo ? undefined : chooseProfile(flags.profile, ctx.env)?.name;
  const person = flags.demo ? 'demo' : (profile ?? NO_PROFILE_NAME);
  const credentials = mqttCredentials(ctx.env, readConfig(ctx.env), profile);
  if (credentials.password !== undefined) ctx.secrets?.add(credentials.password);
  const statePath =
    flags.state ?? defaultStatePath(ctx.env, `mqtt-${slugId([broker.label, person])}`);
  // The baseline of the latest day needs the 28 days before it.
  const read = { ...flags, from: flags.from ?? '60d' };
  await withDaily(flags.metric, read, ctx, async (daily, notices) => {
    const latest = latestValues(numericSeries(daily.summaries, notices));
    const sensors = latest.map((l) => sensorMessages(person, prefix, VERSION, l));
    const state = await openState(statePath, EMPTY, checkPublished, ctx);
    try {
      const todo = sensors.filter(
        (s) => flags.force === true || state.value.published[s.key] !== digestOf(s),
      );
      if (todo.length === 0) {
        notices.notice(
          `nothing new for ${broker.label}: ${sensors.length} ${sensors.length === 1 ? 'sensor is' : 'sensors are'} as last published (--force publishes them again)`,
        );
        return;
      }
      const client = await connectBroker(broker, {
        ...credentials,
        clientId: `healthdata-${randomBytes(6).toString('hex')}`,
        timeoutMs: Math.round(flags.timeout * 1000),
        signal: ctx.signal,
      });
      try {
        await publishAll(client, todo, state, notices);
      } finally {
        await client.close();
      }
      notices.notice(
        `published ${todo.length} of ${sensors.length} sensors to ${broker.label} under ${prefix}/sensor/ (state: ${state.path})`,
      );
    } finally {
      await state.release();
    }
  });
}

async function publishAll(
  client: Broker,
  todo: readonly SensorMessages[],
  state: StateFile<PublishedState>,
  notices: Notices,
): Promise<void> {
  const published = { ...state.value.published };
  for (const sensor of todo) {
    // The config first: Home Assistant makes the entity, then reads its topics.
    await client.publish(sensor.config.topic, sensor.config.payload, true);
    await client.publish(sensor.attributes.topic, sensor.attributes.payload, true);
    await client.publish(sensor.state.topic, sensor.state.payload, true);
    published[sensor.key] = digestOf(sensor);
    await state.save({ version: 1, published });
    notices.verbose(`published ${sensor.config.topic}`);
  }
}
