// A signal's exit code wins over a closed pipe: the user asked to stop, and says so.
import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.ts';
import { run } from '../../src/cli/run.ts';
import { SignalError } from '../../src/cli/signal-error.ts';
import { tempDir } from '../helpers/cli.ts';

function context(stdout: Writable, signal: AbortSignal) {
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (b: Buffer) => (err += b.toString()));
  return {
    ctx: {
      stdout,
      stderr,
      stdin: Readable.from([]),
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
      env: { HEALTHDATA_CONFIG_DIR: tempDir() },
      clock: systemClock,
      signal,
    },
    stderr: () => err,
  };
}

describe('signal and closed pipe together', () => {
  it('SIGTERM arriving as the reader goes away exits 143, not 0', async () => {
    const controller = new AbortController();
    const stdout = new Writable({
      write(_chunk, _encoding, callback) {
        // The reader leaves, and at the same moment SIGTERM arrives.
        controller.abort(new SignalError('SIGTERM'));
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const { ctx, stderr } = context(stdout, controller.signal);
    const code = await run(['metrics', '--demo', '--from', '7d', '-f', 'csv'], ctx);
    expect(code).toBe(143);
    expect(stderr()).toBe('healthdata: stopped by SIGTERM\n');
  });

  it('a closed pipe alone exits 0 and says nothing', async () => {
    const stdout = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const { ctx, stderr } = context(stdout, new AbortController().signal);
    const code = await run(['metrics', '--demo', '--from', '7d', '-f', 'csv'], ctx);
    expect(code).toBe(0);
    expect(stderr()).toBe('');
  });
});
