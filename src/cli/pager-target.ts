// stdout through the pager, for a person at a terminal. Quitting the pager early closes its
// stdin: the next write fails with EPIPE, which ends the command quietly (exit 0) and stops
// fetching, exactly like `healthdata … | head`. A run waiting for a slow page is not writing,
// so the pager's exit itself is the sign (`onQuit`): the request in flight is aborted at once. A signal ends the pager's input at once (what
// was still buffered for it is dropped): less shows what it has and waits for q, and the entry
// waits for it to quit before exiting, as git does.
import { UsageError } from '../lib/errors.ts';
import { PipeClosedError, streamDestination, type Destination } from '../output/destination.ts';
import { pagerCommand, type PagerProcess } from '../output/terminal/pager.ts';
import type { Context } from './context.ts';

export interface Paged {
  destination: Destination;
  /** Ends the pager's input and waits until the person quits it. Safe to call more than once. */
  close(): Promise<void>;
}

export async function openPager(
  ctx: Context,
  enabled: boolean,
  onQuit?: () => void,
): Promise<Paged | undefined> {
  if (!enabled || !ctx.stdoutIsTTY || ctx.spawnPager === undefined) return undefined;
  const command = pagerCommand(ctx.env);
  // Stopped already: no pager to start, and none for the entry to wait for.
  if (command === undefined || ctx.signal.aborted) return undefined;
  const pager: PagerProcess = await ctx.spawnPager(command, ctx.env);
  const inner = streamDestination(pager.stdin, { signal: ctx.signal });
  pager.stdin.on('error', () => undefined);
  const endInput = (): void => void pager.stdin.destroy();
  if (ctx.signal.aborted) endInput();
  else ctx.signal.addEventListener('abort', endInput, { once: true });
  let closed: Promise<void> | undefined;
  // The person quit before the output ended: nobody is reading any more.
  void pager.exited.then(() => {
    if (closed === undefined) onQuit?.();
  });
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      pager.stdin.end();
      const code = await pager.exited;
      ctx.signal.removeEventListener('abort', endInput);
      // Ctrl-C while the person was still reading, even after the last row: stopped (130),
      // as git does, not a run that ended normally.
      ctx.signal.throwIfAborted();
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
