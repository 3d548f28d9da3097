// stdout through the pager, for a person at a terminal. Quitting the pager early closes its
// stdin: the next write fails with EPIPE, which ends the command quietly (exit 0) and stops
// fetching, exactly like `healthdata … | head`.
import { UsageError } from '../lib/errors.ts';
import { PipeClosedError, streamDestination, type Destination } from '../output/destination.ts';
import { pagerCommand, type PagerProcess } from '../output/terminal/pager.ts';
import type { Context } from './context.ts';

export interface Paged {
  destination: Destination;
  /** Ends the pager's input and waits until the person quits it. Safe to call more than once. */
  close(): Promise<void>;
}

export async function openPager(ctx: Context, enabled: boolean): Promise<Paged | undefined> {
  if (!enabled || !ctx.stdoutIsTTY || ctx.spawnPager === undefined) return undefined;
  const command = pagerCommand(ctx.env);
  if (command === undefined) return undefined;
  const pager: PagerProcess = await ctx.spawnPager(command, ctx.env);
  const inner = streamDestination(pager.stdin);
  pager.stdin.on('error', () => undefined);
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      pager.stdin.end();
      const code = await pager.exited;
      // The shell could not find or run it: say so, or the output would vanish without a word.
      if (code === 126 || code === 127) {
        throw new UsageError(
          `the pager '${command}' could not be run — set HEALTHDATA_PAGER to a pager that exists, or pass --no-pager`,
          'bad_pager',
        );
      }
    })());
  return {
    destination: {
      write(text) {
        // Once the pager has quit, its stdin is destroyed and would never emit 'drain' again.
        if (pager.stdin.destroyed) return Promise.reject(new PipeClosedError());
        return inner.write(text);
      },
      async end() {
        await inner.end();
        await close();
      },
    },
    close,
  };
}
