// A broken config file stops every command before it runs, even one given all its settings
// by flags or --demo: the user learns the file is broken instead of having it silently
// ignored until the day it is needed. `config path` is spared (it is how to find the file),
// and so is the hidden `__complete` (a TAB must never print an error; it just offers nothing).
// --help and --version never get here: commander answers them before any action.
import type { Command } from 'commander';
import { readConfigFile } from '../config/file-check.ts';
import { secretValues } from '../config/secret-values.ts';
import { configPath } from '../config/store.ts';
import type { Context } from './context.ts';

export function guardConfigFile(program: Command, ctx: Context): void {
  program.hook('preAction', (_program, command) => {
    if (isExempt(command)) return;
    // The read that checks the file also gives the run's redaction every secret the file
    // holds (every profile's key, not only the one in use): a server may echo anyone's key.
    const values = readConfigFile(configPath(ctx.env));
    ctx.secrets?.addAll(secretValues(values));
  });
}

function isExempt(command: Command): boolean {
  const name = command.name();
  if (name === '__complete') return true;
  return name === 'path' && command.parent?.name() === 'config';
}
