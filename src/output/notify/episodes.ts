// One alert per episode, not per day. A rise the body keeps up for four days is one thing to be
// told of: the first run (which looks back a week) or a new destination got four messages for
// it, and a run each morning one more every day it lasted. An episode is a run of flagged days
// of one metric and provider, in one direction, on consecutive calendar days; it is told once,
// with its latest day's numbers and since when it has lasted. A day that continues an episode
// already told is marked as told without a message.
import { addDays } from '../../lib/dates.ts';
import { alertKey, type Alert } from './alert.ts';

export interface EpisodeAlert {
  /** The message to send: the episode's latest day, with `since` and `days`. */
  alert: Alert;
  /** alertKey()s of every day it covers, marked as delivered with it. */
  covers: string[];
}

export interface AlertPlan {
  send: EpisodeAlert[];
  /** Days that continue an episode already told: marked, not sent. */
  known: string[];
}

/** `alerts` oldest first, from `start` on; `told` the keys a destination has taken. */
export function planAlerts(
  alerts: readonly Alert[],
  start: string,
  told: ReadonlySet<string>,
): AlertPlan {
  const plan: AlertPlan = { send: [], known: [] };
  for (const days of episodes(alerts.filter((a) => a.date >= start))) {
    const keys = days.map(alertKey);
    if (keys.some((k) => told.has(k))) {
      plan.known.push(...keys.filter((k) => !told.has(k)));
      continue;
    }
    plan.send.push({ alert: toldOnce(days), covers: keys });
  }
  return plan;
}

/** Runs of consecutive days per metric, provider and direction, each oldest first. */
function episodes(alerts: readonly Alert[]): Alert[][] {
  const open = new Map<string, Alert[]>();
  const out: Alert[][] = [];
  for (const a of alerts) {
    const series = JSON.stringify([a.metric, a.provider, a.direction]);
    const run = open.get(series);
    if (run !== undefined && addDays((run.at(-1) as Alert).date, 1) === a.date) {
      run.push(a);
      continue;
    }
    const fresh = [a];
    open.set(series, fresh);
    out.push(fresh);
  }
  return out;
}

function toldOnce(days: readonly Alert[]): Alert {
  const first = days[0] as Alert;
  const last = days.at(-1) as Alert;
  if (days.length === 1) return { ...last, since: last.date, days: 1 };
  return {
    ...last,
    since: first.date,
    days: days.length,
    message: `${last.message} It has been so every day since ${first.date} (${days.length} days).`,
  };
}
