// One time-series sync of one person's daily values (docs/influx.md): the lines of each day
// read (the overlap window, or everything on a first run) are compared with what was pushed
// (state.ts); the days that are new or changed are sent (push.ts); then, and only then, the
// state records them. A re-run of unchanged data sends nothing and writes nothing.
import { addDays } from '../../lib/dates.ts';
import { dayDigest, readState, statePath, writeState } from './state.ts';
import { pushLines, type PushOptions } from './push.ts';

export interface InfluxSyncInput extends Omit<PushOptions, 'progress'> {
  /** The folder of the state files, and this state's key (target.ts). */
  stateDir: string;
  stateKey: string;
}

export interface InfluxSyncResult {
  /** Days whose lines were sent, newest first. */
  sent: string[];
  /** Days read whose lines were as pushed before. */
  unchanged: number;
  lines: number;
  requests: number;
}

/** Where a run starts reading: the newest day pushed minus the overlap; undefined: all. */
export async function readFrom(
  input: Pick<InfluxSyncInput, 'stateDir' | 'stateKey' | 'target'>,
  overlapDays: number,
): Promise<string | undefined> {
  const state = await readState(statePath(input.stateDir, input.stateKey), input.target.shown);
  const newest = Object.keys(state.days).sort().at(-1);
  return newest === undefined ? undefined : addDays(newest, -overlapDays);
}

export async function syncInflux(
  days: ReadonlyMap<string, readonly string[]>,
  input: InfluxSyncInput,
): Promise<InfluxSyncResult> {
  const path = statePath(input.stateDir, input.stateKey);
  const state = await readState(path, input.target.shown);
  const sent: string[] = [];
  const lines: string[] = [];
  const digests: Record<string, string> = {};
  let unchanged = 0;
  for (const [day, dayLines] of days) {
    const digest = dayDigest(dayLines);
    digests[day] = digest;
    if (state.days[day] === digest) {
      unchanged += 1;
      continue;
    }
    sent.push(day);
    for (const line of dayLines) lines.push(line);
  }
  sent.sort().reverse();
  if (sent.length === 0) return { sent, unchanged, lines: 0, requests: 0 };
  const pushed = await pushLines(lines, input);
  await writeState(input.stateDir, path, {
    target: input.target.shown,
    days: { ...state.days, ...digests },
  });
  return { sent, unchanged, lines: pushed.lines, requests: pushed.requests };
}

export function describeInfluxSync(shown: string, who: string, result: InfluxSyncResult): string {
  const read = result.sent.length + result.unchanged;
  const span = result.sent.length === 0 ? '' : ` (${result.sent.at(-1)} to ${result.sent[0]})`;
  const sentText =
    result.sent.length === 0
      ? 'nothing changed, nothing sent'
      : `${result.sent.length} ${result.sent.length === 1 ? 'day' : 'days'} sent${span}, ${result.lines} points in ${result.requests} ${result.requests === 1 ? 'request' : 'requests'}`;
  return `synced ${shown}${who}: ${read} days read, ${sentText}, ${result.unchanged} unchanged`;
}
