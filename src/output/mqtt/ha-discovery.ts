// What `healthdata mqtt` publishes for one metric of one provider: Home Assistant's MQTT
// discovery config (retained, at <prefix>/sensor/<object_id>/config), the latest daily value
// as the retained state, and its date, basis and baseline as the entity's attributes. One
// device per person (profile) holds every sensor. Every topic level and id is a slug with a
// hash (topic-slug.ts): a hostile metric or provider name can neither reach another topic nor
// collide with another sensor; the names themselves travel only inside JSON.
import { visible } from '../../lib/visible.ts';
import { haClasses } from './ha-classes.ts';
import { slugId } from './topic-slug.ts';

export interface LatestValue {
  metric: string;
  provider: string;
  unit: string | null;
  /** The series takes its daily value from a `_total` twin. */
  counted: boolean;
  date: string;
  /** As every surface shows it (src/daily/shown.ts). */
  value: number;
  basis: string;
  /** The baseline of the day (the `anomalies` rule's): null when too few days before it. */
  baseline: { median: number; mad: number; days: number; z: number | null } | null;
}

export interface Publication {
  topic: string;
  payload: string;
}

export interface SensorMessages {
  /** The sensor's key in the state file: its config topic. */
  key: string;
  config: Publication;
  state: Publication;
  attributes: Publication;
}

/** A name shown in Home Assistant: its controls and bidi marks as visible escapes (lib/visible.ts). */
const shown = visible;

export function sensorMessages(
  person: string,
  prefix: string,
  version: string,
  latest: LatestValue,
): SensorMessages {
  const device = slugId(['healthdata', person]);
  const objectId = slugId(['healthdata', person, latest.metric, latest.provider]);
  const base = `healthdata/${device}/${objectId}`;
  const configTopic = `${prefix}/sensor/${objectId}/config`;
  const config = {
    unique_id: objectId,
    name: shown(`${latest.metric} (${latest.provider})`),
    state_topic: `${base}/state`,
    json_attributes_topic: `${base}/attributes`,
    ...(latest.unit === null ? {} : { unit_of_measurement: latest.unit }),
    ...haClasses(latest.metric, latest.unit, latest.counted),
    device: {
      identifiers: [device],
      name: shown(`Health (${person})`),
      manufacturer: 'healthdata',
      model: 'Personal Health Data Read API',
      sw_version: version,
    },
    origin: { name: 'healthdata', sw_version: version },
  };
  const attributes = {
    metric: latest.metric,
    provider: latest.provider,
    date: latest.date,
    basis: latest.basis,
    baseline_median: latest.baseline?.median ?? null,
    baseline_mad: latest.baseline?.mad ?? null,
    baseline_days: latest.baseline?.days ?? 0,
    z: latest.baseline?.z ?? null,
  };
  return {
    key: configTopic,
    config: { topic: configTopic, payload: JSON.stringify(config) },
    state: { topic: `${base}/state`, payload: String(latest.value) },
    attributes: { topic: `${base}/attributes`, payload: JSON.stringify(attributes) },
  };
}
