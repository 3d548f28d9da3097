// The MQTT broker's user name and password (`healthdata mqtt`, and `alerts` to an mqtt://
// destination). Each comes from the environment (HEALTHDATA_MQTT_USERNAME,
// HEALTHDATA_MQTT_PASSWORD), else the chosen profile, else the config file's settings without a
// profile: a broker is usually the household's, shared by every person's profile. Never from
// the broker URL (broker-url.ts says why). The password is a secret: config/keys.ts marks it, so
// every message of the run is redacted by it, as the API key is.
import type { Env } from '../lib/env.ts';
import type { ConfigReader } from './store.ts';

export interface MqttCredentials {
  username?: string;
  password?: string;
}

export const MQTT_ENV = {
  'mqtt-username': 'HEALTHDATA_MQTT_USERNAME',
  'mqtt-password': 'HEALTHDATA_MQTT_PASSWORD',
} as const;

export function mqttCredentials(
  env: Env,
  config: ConfigReader,
  profile: string | undefined,
): MqttCredentials {
  const pick = (key: keyof typeof MQTT_ENV): string | undefined => {
    const fromEnv = env[MQTT_ENV[key]];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    const own = profile === undefined ? undefined : config.profile(profile)?.[key];
    const value = own ?? config.get(key);
    return value === undefined || value === '' ? undefined : value;
  };
  const username = pick('mqtt-username');
  const password = pick('mqtt-password');
  return {
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
  };
}
