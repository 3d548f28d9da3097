// A broken config file stops every command before it runs, even one given all its settings
// by flags or --demo: the user learns the file is broken instead of having it silently
// ignored until the day it is needed. `config path` is spared (it is how to find the file),
// and so is the hidden `__complete` (a TAB must never print an error; it just offers nothing).
// --help and --version never get here: commander answers them before any action.
import type { Command } from 'commander';
import { readConfigFile } from '../config/file-check.ts';
import { configPath } from '../config/store.ts';
import type { Context } from './context.ts';

export function guardConfigFile(program: Command, ctx: Context): void {
  program.hook('preAction', (_program, command) => {
    if (isExempt(command)) return;
    // The read that checks the file also tells the run's redaction the keys it may use: the
    // one without a profile, and the chosen profile's (not every profile's: a study's
    // thousand keys would slow every line redacted).
    const { settings, profiles } = readConfigFile(configPath(ctx.env));
    ctx.secrets?.add(settings['api-key']);
    const profile =
      (command.opts() as { profile?: unknown }).profile ?? ctx.env['HEALTHDATA_PROFILE'];
    if (typeof profile === 'string') ctx.secrets?.add(profiles.get(profile)?.['api-key']);
  });
}

function isExempt(command: Command): boolean {
  const name = command.name();
  if (name === '__complete') return true;
  return name === 'path' && command.parent?.name() === 'config';
}
