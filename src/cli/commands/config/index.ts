import type { Command } from 'commander';
import type { Context } from '../../context.ts';

export function registerConfig(program: Command, ctx: Context): void {
  const config = program
    .command('config')
    .description('manage the config file (keys: api-key, base-url)');
  const run = async (
    action: 'set' | 'get' | 'unset' | 'list' | 'path',
    args: { key?: string; value?: string },
  ): Promise<void> => {
    const { runConfig } = await import('./action.ts');
    await runConfig(action, args, ctx);
  };
  config
    .command('set')
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
    .description('print a value (the API key redacted)')
    .argument('<key>', 'api-key or base-url')
    .action((key: string) => run('get', { key }));
  config
    .command('unset')
    .description('remove a key')
    .argument('<key>', 'api-key or base-url')
    .action((key: string) => run('unset', { key }));
  config
    .command('list')
    .description('print every value (the API key redacted)')
    .action(() => run('list', {}));
  config
    .command('path')
    .description('print the path of the config file')
    .action(() => run('path', {}));
}
