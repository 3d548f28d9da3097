import type { Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';
import type { ProfileAction } from './profile-action.ts';

const PROFILE_HELP = 'act on this profile (else HEALTHDATA_PROFILE, else the settings without one)';

interface ProfileFlag {
  profile?: string;
}

function registerConfig(program: Command, ctx: Context): void {
  const config = program
    .command('config')
    .description(configCommand.summary)
    .addHelpText(
      'after',
      footer(
        ctx,
        `
Profiles hold one person's API key and base URL each; every command takes --profile NAME (or
HEALTHDATA_PROFILE). The order settings are taken in: docs/profiles.md.

Examples:
  healthdata config set api-key
  healthdata config set api-key --profile alice < alice.key
  healthdata config list`,
      ),
    );
  const examples = (...lines: string[]): ReturnType<typeof footer> =>
    footer(ctx, `\nExamples:\n${lines.map((l) => `  healthdata config ${l}`).join('\n')}`);
  const run = async (
    action: 'set' | 'get' | 'unset' | 'list' | 'path',
    args: { key?: string; value?: string },
    flags: ProfileFlag = {},
  ): Promise<void> => {
    const { runConfig } = await import('./action.ts');
    await runConfig(action, { ...args, ...flags }, ctx);
  };
  const runProfiles = async (action: ProfileAction, ...names: string[]): Promise<void> => {
    const { runProfileAction } = await import('./profile-action.ts');
    await runProfileAction(action, names, ctx);
  };
  config
    .command('set')
    .addHelpText(
      'after',
      examples(
        'set api-key',
        'set base-url https://api.example.com',
        'set api-key --profile alice - < alice.key',
      ),
    )
    .description(
      'set a key; `config set api-key` with no value reads the key from stdin (hidden on a terminal)',
    )
    .argument('<key>', 'api-key, base-url, mqtt-username, mqtt-password or an mcp-oauth-* key')
    .argument(
      '[value]',
      "the value; for api-key and mqtt-password leave it out (or give '-') to read it from stdin, hidden on a terminal, and keep it out of shell history",
    )
    .option('--profile <name>', `${PROFILE_HELP}; a new name creates the profile`)
    .action((key: string, value: string | undefined, flags: ProfileFlag) =>
      run('set', value === undefined ? { key } : { key, value }, flags),
    );
  config
    .command('get')
    .addHelpText('after', examples('get base-url', 'get api-key --profile alice', 'get mcp-token'))
    .description(
      "print a value (the API key redacted); mcp-token prints in full the token of 'healthdata mcp --http', made on first use",
    )
    .argument(
      '<key>',
      'api-key, base-url, mcp-token, mqtt-username, mqtt-password or an mcp-oauth-* key',
    )
    .option('--profile <name>', PROFILE_HELP)
    .action((key: string, flags: ProfileFlag) => run('get', { key }, flags));
  config
    .command('unset')
    .addHelpText(
      'after',
      examples('unset api-key', 'unset base-url --profile alice', 'unset mcp-token'),
    )
    .description('remove a key')
    .argument(
      '<key>',
      'api-key, base-url, mcp-token, mqtt-username, mqtt-password or an mcp-oauth-* key',
    )
    .option('--profile <name>', PROFILE_HELP)
    .action((key: string, flags: ProfileFlag) => run('unset', { key }, flags));
  config
    .command('list')
    .addHelpText('after', examples('list', 'list | grep base-url', 'list --profile alice'))
    .description(
      "print every value, each profile's as profiles.NAME.KEY=VALUE (the API keys and the MCP token redacted)",
    )
    .option('--profile <name>', 'print only this profile, as KEY=VALUE')
    .action((flags: ProfileFlag) => run('list', {}, flags));
  config
    .command('profiles')
    .addHelpText('after', examples('profiles', 'profiles | wc -l'))
    .description('print the name of every profile, one a line')
    .action(() => runProfiles('profiles'));
  config
    .command('rename-profile')
    .addHelpText('after', examples('rename-profile alice alice-smith'))
    .description('rename a profile, keeping its key and base URL')
    .argument('<old>', 'the profile to rename')
    .argument('<new>', 'its new name')
    .action((from: string, to: string) => runProfiles('rename-profile', from, to));
  config
    .command('remove-profile')
    .addHelpText('after', examples('remove-profile alice'))
    .description('remove a profile with its key and base URL')
    .argument('<profile>', 'the profile to remove')
    .action((name: string) => runProfiles('remove-profile', name));
  config
    .command('path')
    .addHelpText('after', examples('path', 'path | xargs ls -l'))
    .description('print the path of the config file')
    .action(() => run('path', {}));
}

export const configCommand: CommandInfo = {
  name: 'config',
  summary:
    'manage the config file (keys: api-key, base-url, mcp-token, influx-token, mqtt-username, mqtt-password, mcp-oauth-*) and its named profiles',
  term: '',
  register: registerConfig,
};
