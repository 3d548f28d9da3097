// The pagers this process has running. The entry must not exit while one runs: less would be
// left behind on the terminal (its `:` prompt glued to the shell's, the next keys going to it
// until q). After a signal the entry waits for them to quit, or ends them, before it exits.
import type { PagerProcess, SpawnPager } from '../output/terminal/pager.ts';

export interface LivePagers {
  /** Starts a pager and keeps track of it until it quits. */
  spawn: SpawnPager;
  /** Whether a pager is still running. */
  running(): boolean;
  /** Resolves once no pager is running. */
  gone(): Promise<void>;
  /** Asks every running pager to quit (SIGTERM); kills one still there after `graceMs`. */
  stop(graceMs: number): void;
}

export function livePagers(spawn: SpawnPager): LivePagers {
  const running = new Set<PagerProcess>();
  return {
    async spawn(command, env) {
      const pager = await spawn(command, env);
      running.add(pager);
      void pager.exited.then(() => running.delete(pager));
      return pager;
    },
    running: () => running.size > 0,
    async gone() {
      await Promise.all([...running].map((pager) => pager.exited));
    },
    stop(graceMs) {
      for (const pager of running) {
        pager.kill('SIGTERM');
        // A pager that ignores SIGTERM must not keep us, nor outlive us.
        const kill = setTimeout(() => pager.kill('SIGKILL'), graceMs);
        void pager.exited.then(() => clearTimeout(kill));
      }
    },
  };
}
