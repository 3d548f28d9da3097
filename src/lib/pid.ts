// Whether a process still runs, for the files a killed run leaves behind (temp files of `-o`,
// the lock of `sync`): only a dead owner's file may be removed or taken over.

/** Signal 0 probes a pid: ESRCH means no such process; EPERM means it exists (another user). */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
