// The pager, as git and gh choose it: $HEALTHDATA_PAGER, else $PAGER, else `less -FRX`. less
// gets LESS=FRX unless the user set LESS: -F quits at once when the output fits one screen, so
// the pager only shows when the output is longer than the screen; -R passes colour; -X leaves
// the output on the screen afterwards.
import type { Writable } from 'node:stream';
import type { Env } from '../../lib/env.ts';

export interface PagerProcess {
  stdin: Writable;
  /** Resolves with the pager's exit code once it has quit. */
  exited: Promise<number | null>;
  /** Sends the pager a signal (the entry ends it this way on SIGTERM or a second Ctrl-C). */
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export type SpawnPager = (command: string, env: Env) => Promise<PagerProcess>;

const DEFAULT_PAGER = 'less -FRX';

/**
 * The pager command to run, or undefined for none: '' or `cat`, or a terminal that cannot run
 * one (TERM unset or dumb: less would warn and wait for a key).
 */
export function pagerCommand(env: Env): string | undefined {
  if (env['TERM'] === undefined || env['TERM'] === 'dumb') return undefined;
  const chosen = env['HEALTHDATA_PAGER'] ?? env['PAGER'] ?? DEFAULT_PAGER;
  const command = chosen.trim();
  return command === '' || command === 'cat' ? undefined : command;
}

export function pagerEnv(env: Env): Env {
  return { ...env, LESS: env['LESS'] ?? 'FRX', LV: env['LV'] ?? '-c' };
}

// A plain command and its words, with nothing the shell would treat as syntax; the first word
// is not an assignment (`LESS=R less` must not become `exec LESS=R less`).
const SIMPLE = /^[\w./~@%+,:-]+(?:\s+[\w./~@%+,:=-]+)*$/;

/**
 * The shell command line that runs the pager. A plain command is exec'd, so the process we
 * spawn is the pager itself (dash would otherwise stay as its parent): a signal we send it
 * reaches less, not only the shell in front of it.
 */
export function pagerShellLine(command: string): string {
  return SIMPLE.test(command) ? `exec ${command}` : command;
}

/**
 * Runs the pager through the shell (it may be a command line, as $PAGER often is) with its
 * stdout and stderr on our own terminal. Only the entry uses this: it needs the real process.
 */
export async function spawnPagerProcess(command: string, env: Env): Promise<PagerProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn('/bin/sh', ['-c', pagerShellLine(command)], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: pagerEnv(env) as NodeJS.ProcessEnv,
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code));
  });
  return { stdin: child.stdin, exited, kill: (signal) => void child.kill(signal) };
}
