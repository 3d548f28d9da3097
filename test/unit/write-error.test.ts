// Write failures a test machine cannot produce on demand (EIO, EDQUOT) are given by a stream
// that fails the way the kernel would; ENOSPC is tested for real in e2e/output-targets.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamDestination } from '../../src/output/destination.ts';

const failing = (code: string) =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error(`write ${code}`), { code }));
    },
  });

describe('write failures on stdout', () => {
  for (const [code, cause] of [
    ['EIO', 'input/output error'],
    ['EDQUOT', 'disk quota exceeded'],
    ['ENOSPC', 'no space left on the device'],
  ] as const) {
    it(`${code} is one line naming stdout and the cause`, async () => {
      const out = streamDestination(failing(code));
      let error: unknown;
      try {
        for (let i = 0; i < 5; i++) await out.write('x'.repeat(100_000));
        await out.end();
      } catch (e) {
        error = e;
      }
      expect((error as Error).message).toBe(`cannot write stdout: ${cause} (${code})`);
    });
  }
});
