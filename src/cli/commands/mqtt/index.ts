import { Option, type Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import { addConnectionOptions, addRangeOptions, collectList } from '../../flags.ts';
import type { MqttFlags } from './action.ts';

function registerMqtt(program: Command, ctx: Context): void {
  const command = program
    .command('mqtt')
    .description(mqttCommand.summary)
    .requiredOption('--broker <url>', 'the MQTT broker: mqtt://HOST:PORT or mqtts://HOST:PORT')
    .addOption(
      new Option('--discovery-prefix <prefix>', "Home Assistant's MQTT discovery prefix").default(
        'homeassistant',
      ),
    )
    .option(
      '-m, --metric <names>',
      'metric name(s); repeat or comma-separate (default: all)',
      collectList,
    );
  addRangeOptions(command);
  command
    .option(
      '--state <file>',
      'what was published, to send only what changed (default: in the config folder, per broker and profile)',
    )
    .option('--force', 'publish every sensor again, changed or not');
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    footer(
      ctx,
      `
Each metric of each provider becomes one Home Assistant sensor: a retained discovery config
at <prefix>/sensor/<id>/config, its latest daily value (the rule of 'healthdata daily') as the
retained state, and that day's date, basis and baseline (the median and MAD of the 28 days
before, as 'healthdata anomalies' uses) as its attributes. Messages go with QoS 1; a run that
finds nothing changed since the last one publishes nothing. --from (default 60d) is how far
back a latest value is looked for.

The broker's user name and password: HEALTHDATA_MQTT_USERNAME and HEALTHDATA_MQTT_PASSWORD,
else 'healthdata config set mqtt-username' and 'healthdata config set mqtt-password'.
See docs/home-assistant.md.

Examples:
  healthdata mqtt --demo --broker mqtt://127.0.0.1:1883
  healthdata mqtt --profile alice --broker mqtts://homeassistant.local:8883 -m weight,steps`,
    ),
  );
  command.action(async (flags: MqttFlags) => {
    const { runMqtt } = await import('./action.ts');
    await runMqtt(flags, ctx);
  });
}

export const mqttCommand: CommandInfo = {
  name: 'mqtt',
  summary: 'publish the latest daily values to Home Assistant over MQTT (discovery, retained)',
  term: '[options]',
  register: registerMqtt,
};
