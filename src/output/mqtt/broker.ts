// One connection to an MQTT broker that publishes with QoS 1 and waits for each PUBACK. mqtt.js
// keeps an unacknowledged QoS 1 message for a resend after reconnecting, so its promise never
// settles when the broker goes away for good: here the client never reconnects, and every
// pending publish fails the moment the connection closes. A publish resolved here was
// acknowledged by the broker; nothing else is.
import type { IClientOptions, MqttClient } from 'mqtt';
import { HealthdataError } from '../../lib/errors.ts';
import type { BrokerUrl } from './broker-url.ts';

export interface BrokerOptions {
  username?: string | undefined;
  password?: string | undefined;
  clientId: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export interface Broker {
  /** Resolves once the broker has acknowledged the message (QoS 1). */
  publish(topic: string, payload: string, retain: boolean): Promise<void>;
  close(): Promise<void>;
}

export class BrokerError extends HealthdataError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('mqtt_failed', message, 'failure', options);
  }
}

/** The broker's answer or the socket's error, as one line without the password. */
function reason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${error.message} (${code})`
      : error.message;
  }
  return String(error);
}

export async function connectBroker(broker: BrokerUrl, options: BrokerOptions): Promise<Broker> {
  if (options.signal.aborted) throw new BrokerError('stopped');
  // mqtt is CommonJS: bundled, its exports arrive as the module's default.
  const mod = await import('mqtt');
  const connect =
    typeof mod.connect === 'function'
      ? mod.connect
      : (mod as unknown as { default: typeof mod }).default.connect;
  const clientOptions: IClientOptions = {
    clientId: options.clientId,
    reconnectPeriod: 0,
    connectTimeout: options.timeoutMs,
    clean: true,
    protocolVersion: 4,
    ...(options.username !== undefined ? { username: options.username } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
  };
  const client: MqttClient = connect(broker.url, clientOptions);
  let closed: BrokerError | undefined;
  const pending = new Set<(error: BrokerError) => void>();
  const fail = (error: BrokerError): void => {
    closed ??= error;
    for (const reject of pending) reject(closed);
    pending.clear();
  };
  let lastError: unknown;
  client.on('error', (error) => {
    lastError = error;
  });
  client.on('close', () =>
    fail(
      new BrokerError(
        `the connection to the MQTT broker ${broker.label} closed${lastError === undefined ? '' : `: ${reason(lastError)}`}`,
      ),
    ),
  );
  const onAbort = (): void => {
    fail(new BrokerError('stopped'));
    client.end(true);
  };
  options.signal.addEventListener('abort', onAbort, { once: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.end(true);
      reject(
        new BrokerError(
          `no answer from the MQTT broker ${broker.label} within ${options.timeoutMs / 1000} s — check the host and port, and that the broker runs`,
        ),
      );
    }, options.timeoutMs);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    pending.add((error) => {
      clearTimeout(timer);
      reject(
        new BrokerError(
          `cannot reach the MQTT broker ${broker.label}${lastError === undefined ? '' : `: ${reason(lastError)}`} — check the host and port, the user name and password, and that the broker runs`,
          { cause: error },
        ),
      );
    });
  });
  pending.clear();
  return {
    publish: (topic, payload, retain) =>
      new Promise<void>((resolve, reject) => {
        if (closed) {
          reject(closed);
          return;
        }
        pending.add(reject);
        client.publish(topic, payload, { qos: 1, retain }, (error) => {
          pending.delete(reject);
          if (error)
            reject(
              closed ??
                new BrokerError(
                  `the MQTT broker ${broker.label} refused ${topic}: ${reason(error)}`,
                ),
            );
          else resolve();
        });
      }),
    close: async () => {
      options.signal.removeEventListener('abort', onAbort);
      if (closed) return;
      await client.endAsync().catch(() => undefined);
    },
  };
}
