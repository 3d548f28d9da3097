// The entry's list of running pagers: what it waits for after a signal, and what it ends.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { livePagers } from '../../src/cli/live-pagers.ts';
import type { PagerProcess } from '../../src/output/terminal/pager.ts';

/** A pager that records the signals it gets and quits when told to (or on SIGKILL only). */
function fakePager(quitsOnTerm: boolean): PagerProcess & { got: string[]; quit(): void } {
  let quit = (): void => undefined;
  const exited = new Promise<number | null>((resolve) => (quit = () => resolve(0)));
  const got: string[] = [];
  return {
    stdin: new PassThrough(),
    exited,
    got,
    quit: () => quit(),
    kill(signal) {
      got.push(signal);
      if (signal === 'SIGKILL' || quitsOnTerm) quit();
    },
  };
}

describe('live pagers', () => {
  it('are tracked from start to quit; gone() waits for every one', async () => {
    const made = [fakePager(true), fakePager(true)];
    const pagers = livePagers(() => Promise.resolve(made.shift() as PagerProcess));
    expect(pagers.running()).toBe(false);
    const a = (await pagers.spawn('less', {})) as ReturnType<typeof fakePager>;
    const b = (await pagers.spawn('less', {})) as ReturnType<typeof fakePager>;
    expect(pagers.running()).toBe(true);
    let gone = false;
    const waiting = pagers.gone().then(() => (gone = true));
    a.quit();
    await a.exited;
    expect(gone).toBe(false);
    b.quit();
    await waiting;
    expect(pagers.running()).toBe(false);
  });

  it('stop() sends SIGTERM, and SIGKILL only to a pager still there after the grace period', async () => {
    const made = [fakePager(true), fakePager(false)];
    const pagers = livePagers(() => Promise.resolve(made.shift() as PagerProcess));
    const polite = (await pagers.spawn('less', {})) as ReturnType<typeof fakePager>;
    const stubborn = (await pagers.spawn('less', {})) as ReturnType<typeof fakePager>;
    pagers.stop(0);
    await pagers.gone();
    expect(polite.got).toEqual(['SIGTERM']);
    expect(stubborn.got).toEqual(['SIGTERM', 'SIGKILL']);
  });
});
