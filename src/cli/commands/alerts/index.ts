import type { Command } from 'commander';
import { addBaselineOptions } from '../../baseline-options.ts';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, collectList } from '../../flags.ts';
import type { AlertsFlags } from './action.ts';

function collect(text: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), text];
}

function registerAlerts(program: Command, ctx: Context): void {
  const command = program
    .command('alerts')
    .description(alertsCommand.summary)
    .option(
      '--notify <url>',
      'where to send: http(s)://… (a webhook, JSON), ntfy+https://HOST/TOPIC, mqtt://HOST:PORT/TOPIC; repeat for several',
      collect,
    )
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    )
    .option(
      '-p, --provider <names>',
      'provider name(s), case-insensitive; repeat or comma-separate',
      collectList,
    );
  addBaselineOptions(command);
  command
    .option(
      '--quiet-hours <span>',
      'local hours to hold alerts back, e.g. 22-07: a run then sends nothing, the next one after sends them',
    )
    .option(
      '--state <file>',
      'what was delivered where (default: in the config folder, per profile)',
    );
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Sends each day 'healthdata anomalies' flags (the same robust z against the same baseline, with
the same --window, --min-days and --threshold) that is new since the last run: the first run
looks at the last 7 days, a later one from the day of the last complete run (30 days at most).
Each alert goes to each destination once: a failed delivery exits 1 and is sent again on the
next run. A webhook gets one JSON POST per alert (metric, provider, date, value, unit,
baseline, z, direction, message); ntfy a message with a Title; an MQTT topic the JSON (QoS 1).
See docs/alerts.md.

Examples:
  healthdata alerts --demo --notify ntfy+https://ntfy.sh/my-health-alerts
  healthdata alerts -m resting_heart_rate,hrv --notify https://hooks.example.com/abc --quiet-hours 22-07`,
    ),
  );
  command.action(async (flags: AlertsFlags) => {
    const { runAlerts } = await import('./action.ts');
    await runAlerts(flags, ctx);
  });
}

export const alertsCommand: CommandInfo = {
  name: 'alerts',
  summary: 'send new anomalies to a webhook, ntfy or an MQTT topic, each once',
  term: '[options]',
  register: registerAlerts,
};
