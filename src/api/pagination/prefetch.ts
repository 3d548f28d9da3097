// Runs an async iterator ahead of its consumer, holding at most `depth` items, so several
// producers can work concurrently while their output is still consumed in order.
// `abort` must make a pending `source.next()` settle: it is called when the consumer stops
// early, because an async generator cannot be returned while one of its next() calls is pending.
// `onDrained` is called once the source has nothing more to give (done or failed).
export function prefetch<T>(
  source: AsyncIterator<T>,
  depth: number,
  abort: () => void,
  onDrained?: () => void,
): AsyncGenerator<T, void, undefined> {
  const buffer: IteratorResult<T, unknown>[] = [];
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  let space: (() => void) | undefined;
  let stopped = false;
  let finished = false;

  const pump = async (): Promise<void> => {
    try {
      while (!stopped) {
        if (buffer.length >= depth) {
          await new Promise<void>((resolve) => (space = resolve));
          continue;
        }
        const item = await source.next();
        buffer.push(item);
        wake?.();
        if (item.done) {
          finished = true;
          return;
        }
      }
    } catch (error) {
      failure = { error };
      wake?.();
    } finally {
      onDrained?.();
    }
  };
  const running = pump();

  return (async function* drain() {
    try {
      for (;;) {
        const item = buffer.shift();
        if (item) {
          space?.();
          if (item.done) return;
          yield item.value;
          continue;
        }
        if (failure) throw failure.error;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      stopped = true;
      if (!finished && !failure) abort();
      space?.();
      await running;
      await source.return?.(undefined);
    }
  })();
}
