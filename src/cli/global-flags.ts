// Connection and output flags are options of each command, yet people type them first, as in
// `healthdata --verbose metrics`. Flags given before the command name are moved after it,
// which is all commander needs; flags the command does not know are still reported by it.

/** Flags that take a value as the next argument (unless written --flag=value). */
const WITH_VALUE = new Set([
  '--api-key',
  '--base-url',
  '--profile',
  '--retries',
  '--timeout',
  '--proxy',
  '-f',
  '--format',
  '-o',
  '--output',
]);
const WITHOUT_VALUE = new Set([
  '--verbose',
  '-q',
  '--quiet',
  '--demo',
  '--allow-insecure-http',
  '--no-header',
]);

/** Every flag that may come before the command name (completion offers them there too). */
export const GLOBAL_FLAGS: readonly string[] = [...WITH_VALUE, ...WITHOUT_VALUE];

export function hoistGlobalFlags(argv: readonly string[]): string[] {
  const moved: string[] = [];
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i] as string;
    const name = arg.split('=')[0] as string;
    if (WITHOUT_VALUE.has(arg)) {
      moved.push(arg);
      i += 1;
    } else if (WITH_VALUE.has(name) && arg.includes('=')) {
      moved.push(arg);
      i += 1;
    } else if (WITH_VALUE.has(arg) && i + 1 < argv.length) {
      moved.push(arg, argv[i + 1] as string);
      i += 2;
    } else {
      break;
    }
  }
  if (moved.length === 0 || i >= argv.length) return [...argv];
  const rest = argv.slice(i);
  // Keep them before a `--`, after which everything is an argument.
  const end = rest.indexOf('--');
  return end === -1 ? [...rest, ...moved] : [...rest.slice(0, end), ...moved, ...rest.slice(end)];
}
