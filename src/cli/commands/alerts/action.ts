// `healthdata alerts`: each anomaly new since the last run to every --notify destination
// (docs/alerts.md). The anomalies are `anomalies`' own (src/insight/records/anomaly.ts, the
// same rule and options); what was delivered where is in the state file (sent.ts).
import { randomBytes } from 'node:crypto';
import { mqttCredentials } from '../../../config/mqtt-credentials.ts';
import { NO_PROFILE_NAME } from '../../../config/profiles.ts';
import { chooseProfile } from '../../../config/settings.ts';
import { readConfig } from '../../../config/store.ts';
import { anomalyRecords, readFrom } from '../../../insight/records/anomaly.ts';
import { addDays, localDate } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import { isQuiet, parseQuietHours, quietEnd } from '../../../lib/quiet-hours.ts';
import { connectBroker } from '../../../output/mqtt/broker.ts';
import { alertOf } from '../../../output/notify/alert.ts';
import { planAlerts, type AlertPlan } from '../../../output/notify/episodes.ts';
import { parseDestination, type Destination } from '../../../output/notify/destination.ts';
import { DeliveryError, httpPoster } from '../../../output/notify/http-post.ts';
import { senderFor, type SenderDeps } from '../../../output/notify/sender.ts';
import { baselineRule, type BaselineFlags } from '../../baseline-rule.ts';
import type { Context } from '../../context.ts';
import { withDaily, type DailyFlags } from '../../daily-query.ts';
import { numericSeries } from '../../insight-series.ts';
import type { Notices } from '../../notices.ts';
import { defaultStatePath, openState, type StateFile } from '../../state-file.ts';
import { checkSent, EMPTY, keyDate, type SentState } from './sent.ts';

export interface AlertsFlags extends DailyFlags, BaselineFlags {
  notify?: string[];
  metric?: string[];
  state?: string;
  quietHours?: string;
}

/** The first run looks back this many days (today included); no run looks back further. */
const FIRST_DAYS = 7;
const MAX_DAYS = 30;

export async function runAlerts(flags: AlertsFlags, ctx: Context): Promise<void> {
  const destinations = [
    ...new Map(
      (flags.notify ?? []).map((u) => parseDestination(u)).map((d) => [d.key, d]),
    ).values(),
  ];
  if (destinations.length === 0) {
    throw new UsageError(
      'alerts needs somewhere to send: --notify URL (a webhook, ntfy+https://HOST/TOPIC or mqtt://HOST:PORT/TOPIC)',
      'bad_notify',
    );
  }
  const rule = baselineRule(flags);
  const quiet = flags.quietHours === undefined ? undefined : parseQuietHours(flags.quietHours);
  const profile = flags.demo ? undefined : chooseProfile(flags.profile, ctx.env)?.name;
  const person = flags.demo ? 'demo' : (profile ?? NO_PROFILE_NAME);
  const credentials = destinations.some((d) => d.kind === 'mqtt')
    ? mqttCredentials(ctx.env, readConfig(ctx.env), profile)
    : {};
  if (credentials.password !== undefined) ctx.secrets?.add(credentials.password);
  const today = localDate(ctx.clock.now());
  const state = await openState(
    flags.state ?? defaultStatePath(ctx.env, `alerts-${person}`),
    EMPTY,
    checkSent,
    ctx,
  );
  try {
    const floor = addDays(today, -(MAX_DAYS - 1));
    const fromOf = (d: Destination): string => {
      const checked = state.value.destinations[d.key]?.checked;
      const from = checked ?? addDays(today, -(FIRST_DAYS - 1));
      return from < floor ? floor : from;
    };
    const from = destinations.map(fromOf).reduce((a, b) => (a < b ? a : b));
    const read = { ...flags, from: readFrom(from, rule), to: today };
    await withDaily(flags.metric, read, ctx, async (daily, notices) => {
      const series = numericSeries(daily.summaries, notices);
      const { records } = anomalyRecords(series, rule, { from, to: today });
      // Oldest first: a receiver that shows them in order shows the story in order.
      const alerts = records.reverse().map((r) => alertOf(r, rule));
      const due = new Map(
        destinations.map((d) => {
          const told = new Set(state.value.destinations[d.key]?.sent ?? []);
          return [d, planAlerts(alerts, fromOf(d), told)];
        }),
      );
      const count = [...due.values()].reduce((n, plan) => n + plan.send.length, 0);
      if (quiet && isQuiet(quiet, ctx.clock.now())) {
        notices.notice(
          `alerts: quiet hours (${quiet.text}): held ${count} ${count === 1 ? 'alert' : 'alerts'} until ${quietEnd(quiet)}; a run after then sends them`,
        );
        return;
      }
      await deliverAll(due, { flags, ctx, credentials, state, today, notices });
    });
  } finally {
    await state.release();
  }
}

interface Run {
  flags: AlertsFlags;
  ctx: Context;
  credentials: { username?: string; password?: string };
  state: StateFile<SentState>;
  today: string;
  notices: Notices;
}

async function deliverAll(due: Map<Destination, AlertPlan>, run: Run): Promise<void> {
  const { ctx, flags, notices } = run;
  const timeoutMs = Math.round(flags.timeout * 1000);
  const poster = httpPoster(timeoutMs, ctx.signal);
  const deps: SenderDeps = {
    poster,
    broker: (d) =>
      connectBroker(d.broker, {
        ...run.credentials,
        clientId: `healthdata-${randomBytes(6).toString('hex')}`,
        timeoutMs,
        signal: ctx.signal,
      }),
  };
  const destinations = { ...run.state.value.destinations };
  const failures: string[] = [];
  let delivered = 0;
  try {
    for (const [destination, plan] of due) {
      const sent = new Set(destinations[destination.key]?.sent ?? []);
      // Days that continue an episode this destination was told of: told already.
      for (const key of plan.known) sent.add(key);
      const save = async (checked: string | undefined): Promise<void> => {
        destinations[destination.key] = {
          ...(checked === undefined ? {} : { checked }),
          sent: [...sent],
        };
        await run.state.save({ version: 1, destinations });
      };
      const before = destinations[destination.key]?.checked;
      const sender = senderFor(destination, deps);
      let failed = false;
      try {
        for (const { alert, covers } of plan.send) {
          try {
            await sender.send(alert);
          } catch (error) {
            if (ctx.signal.aborted || !(error instanceof DeliveryError || isBrokerError(error)))
              throw error;
            failures.push(`${destination.label} (${error.message})`);
            failed = true;
            break;
          }
          for (const key of covers) sent.add(key);
          delivered += 1;
          await save(before);
        }
      } finally {
        await sender.close();
      }
      if (!failed) {
        // Checked through today: what is older than today can no longer come back.
        for (const key of sent) if (keyDate(key) < run.today) sent.delete(key);
        await save(run.today);
      }
    }
  } finally {
    await poster.close();
  }
  notices.notice(`alerts: delivered ${delivered} (${describe(due)})`);
  if (failures.length > 0) {
    throw new DeliveryError(
      `could not deliver to ${failures.join('; ')} — what was not delivered is sent again on the next run`,
    );
  }
}

function isBrokerError(error: unknown): error is Error {
  return error instanceof Error && (error as { code?: unknown }).code === 'mqtt_failed';
}

function describe(due: Map<Destination, AlertPlan>): string {
  return [...due].map(([d, plan]) => `${plan.send.length} new for ${d.label}`).join(', ');
}
