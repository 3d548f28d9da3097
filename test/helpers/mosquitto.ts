// Debian's mosquitto, one per test file, on a free port of 127.0.0.1, with persistence off and
// stopped by its pid; and an mqtt.js subscriber to read back what the CLI published.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { closedPort } from './test-server.ts';
import { tempDir } from './temp.ts';

export const MOSQUITTO = '/usr/sbin/mosquitto';

export interface Mosquitto {
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface MosquittoOptions {
  /** Require this user name and password (mosquitto_passwd -b); anonymous is refused. */
  login?: { username: string; password: string };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts mosquitto and waits until it accepts connections; a port taken meanwhile: another. */
export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  const dir = tempDir('healthdata-mosquitto-');
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await closedPort();
    // Started as root, mosquitto becomes the user `mosquitto`, who cannot read our 0700 temp
    // folder (the password file): it stays whoever runs the tests.
    const lines = [
      `listener ${port} 127.0.0.1`,
      'persistence false',
      'log_dest stderr',
      `user ${userInfo().username}`,
    ];
    if (options.login) {
      const passwords = join(dir, 'passwords');
      writeFileSync(passwords, '');
      const made = spawnSync('mosquitto_passwd', [
        '-b',
        passwords,
        options.login.username,
        options.login.password,
      ]);
      if (made.status !== 0) throw new Error(`mosquitto_passwd: ${made.stderr.toString()}`);
      lines.push('allow_anonymous false', `password_file ${passwords}`);
    } else {
      lines.push('allow_anonymous true');
    }
    const conf = join(dir, `mosquitto-${port}.conf`);
    writeFileSync(conf, `${lines.join('\n')}\n`);
    const child: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    let exited = false;
    const gone = new Promise<void>((resolve) =>
      child.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    const deadline = Date.now() + 15_000;
    while (!exited && Date.now() < deadline) {
      if (await accepts(port)) {
        const pid = child.pid as number;
        return {
          port,
          url: `mqtt://127.0.0.1:${port}`,
          pid,
          stop: async () => {
            if (!exited) process.kill(pid, 'SIGTERM');
            await gone;
          },
        };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!exited) {
      process.kill(child.pid as number, 'SIGKILL');
      await gone;
    }
  }
  throw new Error('mosquitto did not start');
}

export interface Message {
  topic: string;
  payload: string;
  retain: boolean;
}

export interface Reader {
  messages: Message[];
  /** Waits until every message the broker had before this call has arrived. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Subscribes to `filters` (retained messages arrive at once). settle() publishes a marker to a
 * topic of its own and waits for it: the broker delivers in order, so what it held before the
 * marker has arrived by then — no timeout decides that nothing more is coming.
 */
export async function subscribe(
  port: number,
  filters: string[],
  login?: { username: string; password: string },
): Promise<Reader> {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    reconnectPeriod: 0,
    ...(login ?? {}),
  });
  const marker = `test-marker/${Math.random().toString(36).slice(2)}`;
  const messages: Message[] = [];
  let markers = 0;
  client.on('message', (topic, payload, packet) => {
    if (topic === marker) markers += 1;
    else messages.push({ topic, payload: payload.toString('utf8'), retain: packet.retain });
  });
  await client.subscribeAsync([...filters, marker], { qos: 1 });
  return {
    messages,
    settle: async () => {
      const want = markers + 1;
      await client.publishAsync(marker, 'x', { qos: 1 });
      const deadline = Date.now() + 15_000;
      while (markers < want) {
        if (Date.now() > deadline) throw new Error('the marker did not come back');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    close: () => client.endAsync(),
  };
}
