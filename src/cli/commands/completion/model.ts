// What the shell scripts complete, read from commander's own definitions: every visible command,
// its options (with whether they take a value, and their choices) and its arguments' choices.
// The scripts are generated from this, so they never drift from the commands.
import type { Command } from 'commander';
import { CONFIG_KEYS } from '../../../config/keys.ts';
import { PLANS } from '../../../sandbox/plans.ts';

/**
 * Options whose values `healthdata __complete <kind>` prints: names from the catalog, fetched,
 * or profile names, read from the config file.
 */
export type DynamicKind = 'metric' | 'provider' | 'profile';
export const DYNAMIC: Readonly<Record<string, DynamicKind>> = {
  metric: 'metric',
  provider: 'provider',
  profile: 'profile',
};

/**
 * Values that the commands check themselves, with a clearer message than commander's choices
 * would give: the option or argument name → the same constant the check uses.
 */
const CHECKED: Readonly<Record<string, readonly string[]>> = {
  plan: Object.keys(PLANS),
  key: CONFIG_KEYS,
};

export interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  takesValue: boolean;
  choices?: readonly string[];
  dynamic?: DynamicKind;
  /** The value is a file name (--output). */
  file?: boolean;
}

export interface CommandSpec {
  /** Words after `healthdata`, e.g. ['config', 'set']; [] for the program itself. */
  path: string[];
  description: string;
  options: OptionSpec[];
  subcommands: CommandSpec[];
  /** Choices of each positional argument, in order (undefined: free text). */
  args: (readonly string[] | undefined)[];
  /** Positional arguments that are catalog names (`chart <metric...>`). */
  dynamicArg?: DynamicKind;
}

export function describe(command: Command, path: string[] = []): CommandSpec {
  const options: OptionSpec[] = command.options
    .filter((o) => !o.hidden)
    .map((o) => {
      const spec: OptionSpec = {
        description: o.description,
        takesValue: o.required || o.optional,
      };
      if (o.short) spec.short = o.short;
      if (o.long) spec.long = o.long;
      const choices = o.argChoices ?? CHECKED[o.attributeName()];
      if (choices) spec.choices = choices;
      const dynamic = DYNAMIC[o.attributeName()];
      if (dynamic && spec.takesValue) spec.dynamic = dynamic;
      if (o.attributeName() === 'output') spec.file = true;
      return spec;
    });
  // commander keeps the help option outside .options.
  if (!options.some((o) => o.long === '--help')) {
    options.push({ short: '-h', long: '--help', description: 'show help', takesValue: false });
  }
  const dynamicArg = command.registeredArguments
    .map((a) => DYNAMIC[a.name()])
    .find((kind) => kind !== undefined);
  return {
    ...(dynamicArg ? { dynamicArg } : {}),
    path,
    description: command.description(),
    options,
    subcommands: command.commands
      // commander keeps `hidden` private; hidden commands (__complete) are not offered.
      .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
      .map((c) => describe(c, [...path, c.name()])),
    args: command.registeredArguments.map((a) => a.argChoices ?? CHECKED[a.name()]),
  };
}

/**
 * The program with the flags that may come before the command (`healthdata --profile bob
 * metrics`, src/cli/global-flags.ts) as its own options, each as a command defines it: so
 * `healthdata --profile <TAB>` offers profiles, and the command after it is still found.
 * Formats differ by command, so -f offers none there.
 */
export function withGlobalFlags(program: CommandSpec, globals: readonly string[]): CommandSpec {
  const commands = flatten(program).slice(1);
  const options = [...program.options];
  for (const flag of globals) {
    if (options.some((o) => o.long === flag || o.short === flag)) continue;
    const found = commands
      .flatMap((c) => c.options)
      .find((o) => o.long === flag || o.short === flag);
    if (found === undefined) continue;
    const plain: OptionSpec = { ...found };
    if (flag === '-f' || flag === '--format') delete plain.choices;
    options.push(plain);
  }
  return { ...program, options };
}

/** Every command in the tree, the program first. */
export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(flatten)];
}
