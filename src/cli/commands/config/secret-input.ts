// Reads a secret from stdin: a hidden prompt on a terminal, otherwise the piped text. Keeping
// the key off the command line keeps it out of shell history and `ps`.
import type { Readable, Writable } from 'node:stream';
import type { ReadStream } from 'node:tty';
import { UsageError } from '../../../lib/errors.ts';

export async function readSecret(
  stdin: Readable,
  stderr: Writable,
  isTTY: boolean,
  prompt: string,
): Promise<string> {
  if (!isTTY) {
    let text = '';
    stdin.setEncoding('utf8');
    for await (const chunk of stdin) text += chunk as string;
    return text.replace(/\r?\n$/, '');
  }
  const tty = stdin as ReadStream;
  stderr.write(prompt);
  tty.setRawMode(true);
  tty.setEncoding('utf8');
  tty.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let value = '';
      const onData = (chunk: string): void => {
        for (const ch of chunk) {
          if (ch === '\r' || ch === '\n') {
            tty.off('data', onData);
            resolve(value);
            return;
          }
          if (ch === '\u0003') {
            tty.off('data', onData);
            reject(new UsageError('cancelled', 'cancelled'));
            return;
          }
          if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
          else value += ch;
        }
      };
      tty.on('data', onData);
    });
  } finally {
    tty.setRawMode(false);
    tty.pause();
    stderr.write('\n');
  }
}
