// Whether a process still runs, for the temp files a killed run leaves behind: only a dead
// owner's file may be removed.

/** What a run knows of processes: its own pid, and whether another pid runs. */
export interface Processes {
  self: number;
  isAlive(pid: number): boolean;
}

/** Signal 0 probes a pid: ESRCH means no such process; EPERM means it exists (another user). */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const thisProcess: Processes = { self: process.pid, isAlive: pidIsAlive };
