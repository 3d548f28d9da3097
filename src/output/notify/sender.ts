// Sends alerts to one destination (destination.ts): a webhook gets the alert's JSON, ntfy its
// message with a Title header, an MQTT topic its JSON with QoS 1 (not retained: an alert is an
// event, not a state). A send resolves only once the receiver has taken it (2xx, PUBACK).
import type { connectBroker } from '../mqtt/broker.ts';
import { type Broker } from '../mqtt/broker.ts';
import type { Alert } from './alert.ts';
import { alertTitle } from './alert.ts';
import type { Destination } from './destination.ts';
import { headerText } from './header-text.ts';
import type { Poster } from './http-post.ts';

export interface Sender {
  send(alert: Alert): Promise<void>;
  close(): Promise<void>;
}

export interface SenderDeps {
  poster: Poster;
  /** Connects to an MQTT destination's broker (with the run's login and timeout). */
  broker: (destination: Extract<Destination, { kind: 'mqtt' }>) => ReturnType<typeof connectBroker>;
}

export function senderFor(destination: Destination, deps: SenderDeps): Sender {
  if (destination.kind === 'webhook') {
    return {
      send: (alert) =>
        deps.poster.post(
          destination.url,
          { 'content-type': 'application/json' },
          JSON.stringify(alert),
        ),
      close: () => Promise.resolve(),
    };
  }
  if (destination.kind === 'ntfy') {
    return {
      send: (alert) =>
        deps.poster.post(
          destination.url,
          { 'content-type': 'text/plain; charset=utf-8', title: headerText(alertTitle(alert)) },
          alert.message,
        ),
      close: () => Promise.resolve(),
    };
  }
  // Connected on the first alert: a run with nothing to send never touches the broker.
  let client: Promise<Broker> | undefined;
  return {
    send: async (alert) => {
      client ??= deps.broker(destination);
      await (await client).publish(destination.broker.topic, JSON.stringify(alert), false);
    },
    close: async () => {
      if (client) await (await client.catch(() => undefined))?.close();
    },
  };
}
