// A broker address as the user gives it: mqtt://HOST:PORT or mqtts://HOST:PORT, with a topic
// after the port for an alert destination (mqtt://HOST:PORT/TOPIC). Credentials never ride in
// the URL: it shows in `ps` and in shell history; they come from the config file or the
// environment (src/config/mqtt-credentials.ts).
import { UsageError } from '../../lib/errors.ts';

export interface BrokerUrl {
  /** mqtt://host:port or mqtts://host:port, for the client; no path, no credentials. */
  url: string;
  /** host:port, for messages and the state file's key. */
  label: string;
  /** The topic after the port ('' when none). */
  topic: string;
}

const DEFAULT_PORT = { 'mqtt:': 1883, 'mqtts:': 8883 } as const;

export function parseBrokerUrl(text: string, what: string): BrokerUrl {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `${what} '${text}' is not a broker URL — give mqtt://HOST:PORT or mqtts://HOST:PORT`,
      'bad_broker',
    );
  }
  const protocol = url.protocol;
  if (protocol !== 'mqtt:' && protocol !== 'mqtts:') {
    throw new UsageError(
      `${what} must start with mqtt:// or mqtts://, not ${protocol}// — e.g. mqtt://homeassistant.local:1883`,
      'bad_broker',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(
      `${what} holds a user name or password: it would show in ps and shell history — leave it out of the URL and set HEALTHDATA_MQTT_USERNAME and HEALTHDATA_MQTT_PASSWORD, or 'healthdata config set mqtt-username' and 'healthdata config set mqtt-password'`,
      'bad_broker',
    );
  }
  // A `#` starts the URL's fragment and `?` its query: either would cut the topic short, silently.
  if (url.hash !== '' || url.search !== '' || text.includes('#')) {
    throw new UsageError(
      `${what} '${url.protocol}//${url.host}/…' holds # or ?: a topic takes neither (MQTT wildcards are for subscribers), and a broker URL needs none`,
      'bad_broker',
    );
  }
  if (url.hostname === '') {
    throw new UsageError(`${what} has no host — e.g. mqtt://127.0.0.1:1883`, 'bad_broker');
  }
  const port = url.port === '' ? DEFAULT_PORT[protocol] : Number(url.port);
  const host = url.hostname;
  const topic = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return { url: `${protocol}//${host}:${port}`, label: `${host}:${port}`, topic };
}
