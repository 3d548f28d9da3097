// Option parsers for commander. They throw InvalidArgumentError, which commander reports and
// src/cli/run.ts maps to exit 2.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { isFormat, type Format } from '../output/formats/index.ts';
import { namesTooLong } from '../api/request-size.ts';
import { outputFile } from './spreadsheet-names.ts';

/** "from 1 to 1000", or "1 or more" when there is no upper bound worth saying. */
function range(min: number, max: number): string {
  return max >= Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
}

export function integer(min: number, max: number, what: string) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
      throw new InvalidArgumentError(
        `${what} must be a whole number ${range(min, max)}, not '${text}'`,
      );
    }
    return value;
  };
}

export function seconds(min: number, max: number, what: string) {
  return (text: string): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      throw new InvalidArgumentError(
        `${what} must be a number of seconds ${range(min, max)}, not '${text}'`,
      );
    }
    return value;
  };
}

/**
 * The formats every data command writes. Others are for what their data is: FHIR for rows and
 * daily values (`metrics`, `daily`), so a command names them where it takes them.
 */
export const COMMON_FORMATS: readonly Format[] = ['table', 'json', 'ndjson', 'csv', 'tsv'];

/** Format names are matched case-insensitively: `-f CSV` is csv. */
export function formatName(text: string, allowed: readonly Format[] = COMMON_FORMATS): Format {
  const name = text.trim().toLowerCase();
  if (isFormat(name) && allowed.includes(name)) return name;
  if (!isFormat(name)) {
    throw new InvalidArgumentError(`unknown format '${text}' — use one of ${allowed.join(', ')}`);
  }
  // Formats of rows and daily values (influx, fhir) are the two commands' that write them.
  throw new InvalidArgumentError(
    `-f ${name} is written by 'healthdata daily' and 'healthdata metrics' — here use one of ${allowed.join(', ')}`,
  );
}

/** "a, b, c or d" */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Repeatable and comma-separated: `-m a -m b,c` → ['a', 'b', 'c']. */
export function collectList(text: string, previous: string[] | undefined): string[] {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new InvalidArgumentError('needs at least one name');
  const list = [...(previous ?? []), ...items];
  const tooLong = namesTooLong(list);
  if (tooLong !== undefined) throw new InvalidArgumentError(tooLong);
  return list;
}

export interface ConnectionFlags {
  apiKey?: string;
  baseUrl?: string;
  profile?: string;
  demo?: boolean;
  retries: number;
  timeout: number;
  allowInsecureHttp?: boolean;
  proxy?: string;
  verbose?: boolean;
  quiet?: boolean;
}

export interface OutputFlags {
  format?: string;
  output?: string;
  header: boolean;
  /** --bom: csv/tsv start with U+FEFF (Excel reads a file without it in the locale's code page). */
  bom?: boolean;
  /** False with --no-pager. */
  pager: boolean;
  /** -f influx: the zone whose midnight a day's point is at (addTimeZoneOption). */
  tz?: string;
}

/** --tz: where a day starts in line protocol (-f influx, the time-series sync target). */
export function addTimeZoneOption(command: Command): Command {
  return command.option(
    '--tz <zone>',
    "influx: a day's point is at 00:00 in this IANA zone (default UTC)",
  );
}

/** -p, --from and --to: which providers and days a data command reads. */
export function addRangeOptions(command: Command): Command {
  return command
    .option(
      '-p, --provider <names>',
      'provider name(s), case-insensitive; repeat or comma-separate',
      collectList,
    )
    .option(
      '--from <date>',
      'start date: YYYY-MM-DD, today, yesterday, or Nd, Nw, Nm, Ny (N days, weeks, calendar months or years ago)',
    )
    .option('--to <date>', 'end date, inclusive (same forms as --from)');
}

/** Options shared by every command that talks to the API. */
export function addConnectionOptions(command: Command): Command {
  return command
    .option(
      '--api-key <key>',
      "API key; visible to other users in ps: prefer HEALTHDATA_API_KEY or 'healthdata config set api-key'",
    )
    .option('--base-url <url>', 'API base URL (else HEALTHDATA_BASE_URL, else the config file)')
    .option(
      '--profile <name>',
      "use a named profile's key and base URL (else HEALTHDATA_PROFILE; see 'healthdata config profiles')",
    )
    .option('--demo', 'run against the built-in sandbox with demo data')
    .addOption(
      new Option('--retries <n>', 'retries for a failed request (408, 429, 5xx, network)')
        .default(3)
        .argParser(integer(0, 10, '--retries')),
    )
    .addOption(
      new Option(
        '--timeout <seconds>',
        'bound on connecting, on the headers and on each body of a request',
      )
        .default(30)
        .argParser(seconds(0.1, 3600, '--timeout')),
    )
    .option(
      '--allow-insecure-http',
      'allow plain http:// to a non-loopback host (sends the key in clear)',
    )
    .option(
      '--proxy <url>',
      'HTTP(S) proxy to connect through (else HTTPS_PROXY, HTTP_PROXY, ALL_PROXY; NO_PROXY skips it)',
    )
    .option('-q, --quiet', 'no notices or warnings on stderr (errors are still printed)')
    .option('--verbose', 'log each request to stderr (key redacted); stack traces on errors');
}

/**
 * --no-pager on a command that never pages (`why` says so in its help): taken, so that a script
 * or alias passing it to every command that prints to the terminal does not fail there.
 */
export function addIgnoredPagerOption(command: Command, why: string): Command {
  return command.option('--no-pager', `accepted and ignored: ${why}`);
}

/**
 * `piped`: the default when stdout is neither a terminal nor an -o file, as help says it;
 * `more`: formats this command writes beside the common ones.
 */
export function addOutputOptions(
  command: Command,
  piped = 'csv',
  more: readonly Format[] = [],
): Command {
  const allowed = [...COMMON_FORMATS, ...more];
  return command
    .addOption(
      new Option(
        '-f, --format <format>',
        `${listed(allowed)} (default: table on a terminal, the -o file's extension, else ${piped})`,
      )
        .choices(allowed)
        .argParser((text) => formatName(text, allowed)),
    )
    .option(
      '-o, --output <file>',
      'write to a file atomically (temp file, fsync, rename) instead of stdout',
      outputFile,
    )
    .option('--no-header', 'leave out the csv/tsv header row')
    .option('--bom', 'start csv/tsv with a UTF-8 byte-order mark, so Excel reads accents right')
    .option('--no-pager', 'do not page the output on a terminal (see HEALTHDATA_PAGER)');
}
