// Reads a secret from stdin: a hidden prompt on a terminal, otherwise the piped text. Keeping
// the key off the command line keeps it out of shell history and `ps`.
import type { Readable, Writable } from 'node:stream';
import type { ReadStream } from 'node:tty';
import { SignalError } from '../../signal-error.ts';
import { initialSecret, typeKeys } from './secret-keys.ts';

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
  // Raw mode first, then the prompt: keys typed (or pasted) the moment it shows are neither
  // echoed nor turned into signals by the terminal.
  tty.setRawMode(true);
  stderr.write(prompt);
  tty.setEncoding('utf8');
  tty.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      const state = initialSecret();
      const onData = (chunk: string): void => {
        const end = typeKeys(state, chunk);
        if (end === undefined) return;
        tty.off('data', onData);
        // Ctrl-C in raw mode arrives as a character, not a signal: treat it as SIGINT (130),
        // and nothing is saved.
        if (end === 'cancel') reject(new SignalError('SIGINT'));
        else resolve(state.value);
      };
      tty.on('data', onData);
    });
  } finally {
    tty.setRawMode(false);
    tty.pause();
    stderr.write('\n');
  }
}
