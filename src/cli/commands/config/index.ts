import type { Command } from 'commander';
import type { CommandInfo } from '../../command-info.ts';
import type { Context } from '../../context.ts';
import { footer } from '../../help.ts';

function registerConfig(program: Command, ctx: Context): void {
  const config = program
    .command('config')
    .description(configCommand.summary)
    .addHelpText(
      'after',
      footer(
        ctx,
        `
Examples:
  healthdata config set base-url https://api.example.com
  healthdata config set api-key
  healthdata config list`,
      ),
    );
  const examples = (...lines: string[]): ReturnType<typeof footer> =>
    footer(ctx, `\nExamples:\n${lines.map((l) => `  healthdata config ${l}`).join('\n')}`);
  const run = async (
    action: 'set' | 'get' | 'unset' | 'list' | 'path',
    args: { key?: string; value?: string },
  ): Promise<void> => {
    const { runConfig } = await import('./action.ts');
    await runConfig(action, args, ctx);
  };
  config
    .command('set')
    .addHelpText(
      'after',
      examples('set api-key', 'set base-url https://api.example.com', 'set api-key < key.txt'),
    )
    .description(
      'set a key; `config set api-key` with no value reads the key from stdin (hidden on a terminal)',
    )
    .argument('<key>', 'api-key or base-url')
    .argument('[value]', 'the value (leave out for api-key to keep it out of shell history)')
    .action((key: string, value: string | undefined) =>
      run('set', value === undefined ? { key } : { key, value }),
    );
  config
    .command('get')
    .addHelpText('after', examples('get base-url', 'get api-key'))
    .description('print a value (the API key redacted)')
    .argument('<key>', 'api-key or base-url')
    .action((key: string) => run('get', { key }));
  config
    .command('unset')
    .addHelpText('after', examples('unset api-key', 'unset base-url'))
    .description('remove a key')
    .argument('<key>', 'api-key or base-url')
    .action((key: string) => run('unset', { key }));
  config
    .command('list')
    .addHelpText('after', examples('list', 'list | grep base-url'))
    .description('print every value (the API key redacted)')
    .action(() => run('list', {}));
  config
    .command('path')
    .addHelpText('after', examples('path', 'path | xargs ls -l'))
    .description('print the path of the config file')
    .action(() => run('path', {}));
}

export const configCommand: CommandInfo = {
  name: 'config',
  summary: 'manage the config file (keys: api-key, base-url)',
  term: '',
  register: registerConfig,
};
