// An MQTT 3.1.1 broker that misbehaves on purpose, for the faults Debian's mosquitto cannot be
// made to show at a chosen moment: it accepts the connection, acknowledges the first `acks`
// QoS 1 publishes, and then either drops the connection or never answers again.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FakeBroker {
  url: string;
  /** PUBLISH packets received, acknowledged or not. */
  publishes(): number;
  /** From now on, acknowledge up to `total` publishes in all (counted from the start). */
  allow(total: number): void;
  close(): Promise<void>;
}

/** One MQTT packet off the front of `buf`: its type and body, or undefined while incomplete. */
function packetAt(buf: Buffer): { type: number; body: Buffer; size: number } | undefined {
  if (buf.length < 2) return undefined;
  let length = 0;
  let multiplier = 1;
  let at = 1;
  for (;;) {
    const byte = buf[at];
    if (byte === undefined) return undefined;
    length += (byte & 0x7f) * multiplier;
    multiplier *= 128;
    at += 1;
    if ((byte & 0x80) === 0) break;
  }
  if (buf.length < at + length) return undefined;
  return { type: (buf[0] as number) >> 4, body: buf.subarray(at, at + length), size: at + length };
}

export async function startFakeBroker(options: {
  acks: number;
  then: 'drop' | 'hang';
}): Promise<FakeBroker> {
  let publishes = 0;
  let acks = options.acks;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let p = packetAt(pending); p; p = packetAt(pending)) {
        pending = pending.subarray(p.size);
        if (p.type === 1) socket.write(Buffer.from([0x20, 0x02, 0x00, 0x00])); // CONNACK
        if (p.type === 12) socket.write(Buffer.from([0xd0, 0x00])); // PINGRESP
        if (p.type !== 3) continue;
        publishes += 1;
        if (publishes > acks) {
          if (options.then === 'drop') socket.destroy();
          continue;
        }
        // The packet id follows the topic (a 2-byte length, then the bytes).
        const topicLength = p.body.readUInt16BE(0);
        const id = p.body.subarray(2 + topicLength, 4 + topicLength);
        socket.write(Buffer.concat([Buffer.from([0x40, 0x02]), id])); // PUBACK
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    publishes: () => publishes,
    allow: (total) => {
      acks = total;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
