// Where `healthdata alerts` sends: a webhook (http://, https://: one JSON POST per alert), an
// ntfy topic (ntfy+https://HOST/TOPIC, ntfy+http:// for a server on the LAN or a test), or an
// MQTT topic (mqtt://HOST:PORT/TOPIC, mqtts://). A webhook's URL is often its only secret
// (Slack's, Discord's, Home Assistant's webhook ids), so a destination is named in messages by
// its scheme and host alone, and the state file keys it by a hash of the whole URL.
import { createHash } from 'node:crypto';
import { UsageError } from '../../lib/errors.ts';
import { parseBrokerUrl, type BrokerUrl } from '../mqtt/broker-url.ts';

export type Destination =
  | { kind: 'webhook'; url: URL; key: string; label: string }
  | { kind: 'ntfy'; url: URL; key: string; label: string }
  | { kind: 'mqtt'; broker: BrokerUrl; key: string; label: string };

const FORMS =
  'give http(s)://… for a webhook, ntfy+https://HOST/TOPIC for ntfy, or mqtt://HOST:PORT/TOPIC';

function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

export function parseDestination(text: string): Destination {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const key = keyOf(text);
  if (scheme === 'mqtt' || scheme === 'mqtts') {
    const broker = parseBrokerUrl(text, '--notify');
    if (broker.topic === '' || /[+#\0]/.test(broker.topic)) {
      throw new UsageError(
        `--notify ${broker.url} needs a topic without + or #: mqtt://HOST:PORT/TOPIC, e.g. mqtt://127.0.0.1:1883/health/alerts`,
        'bad_notify',
      );
    }
    return { kind: 'mqtt', broker, key, label: `${broker.url}/${broker.topic}` };
  }
  if (
    scheme !== 'http' &&
    scheme !== 'https' &&
    scheme !== 'ntfy+http' &&
    scheme !== 'ntfy+https'
  ) {
    throw new UsageError(`--notify takes a URL: ${FORMS}`, 'bad_notify');
  }
  const ntfy = scheme.startsWith('ntfy+');
  let url: URL;
  try {
    url = new URL(ntfy ? text.slice('ntfy+'.length) : text);
  } catch {
    throw new UsageError(
      `--notify: a ${ntfy ? 'ntfy' : 'webhook'} URL that cannot be read — ${FORMS}`,
      'bad_notify',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(
      `--notify ${url.protocol}//${url.host}/…: a user name or password in the URL would show in ps — use a URL without one`,
      'bad_notify',
    );
  }
  if (ntfy && url.pathname.replace(/^\/+|\/+$/g, '') === '') {
    throw new UsageError(
      `--notify ${text}: ntfy needs a topic, e.g. ntfy+https://ntfy.sh/my-health`,
      'bad_notify',
    );
  }
  const label = `${ntfy ? 'ntfy+' : ''}${url.protocol}//${url.host}/…`;
  return ntfy ? { kind: 'ntfy', url, key, label } : { kind: 'webhook', url, key, label };
}
