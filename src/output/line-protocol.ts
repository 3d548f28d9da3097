// InfluxDB line protocol, the one encoder: `-f influx` (daily values and raw rows) and the
// time-series sync target both write points through it (docs/influx.md). What it guarantees:
// one point is one line whatever the server's names hold, and the same data always gives the
// same bytes, so a re-push overwrites a point and never adds a second one.
//
// Escaping is the protocol's: in a tag key or value a comma, a space and an equals sign take a
// backslash; in a string field a double quote and a backslash do. What the protocol cannot
// carry is replaced by U+FFFD, the character the other targets use for text they cannot hold
// (src/sync/stored-text.ts): control characters (a newline would end the line, and the rest of
// a hostile name would be read as a point of its own), and, in a tag, a backslash that is last
// or stands before a character that gets one (`a\,b`, `end\`): InfluxDB 1.x keeps `\\` as two
// backslashes and refuses a tag value that ends in one, VictoriaMetrics reads `\\` as one, so
// no spelling of it reads back the same from both (measured with both servers). A backslash
// before any other character is kept as it is, and reads back as sent from both.
import { UsageError } from '../lib/errors.ts';

// eslint-disable-next-line no-control-regex -- control characters are what this replaces
const CONTROL = /[\u0000-\u001f\u007f]/g;
const TAG_SPECIAL = /[, =]/g;
/** A backslash last, or before a backslash or a character that gets one. */
const TAG_LONE_BACKSLASH = /\\(?=[\\, =]|$)/g;
const STRING_SPECIAL = /["\\]/g;

// Names repeat on every line (a million rows carry a few hundred names): each is escaped once.
// Bounded, so a server sending endless distinct names cannot grow it without end.
const CACHE_LIMIT = 10_000;
const tags = new Map<string, string>();

export function tagText(text: string): string {
  let escaped = tags.get(text);
  if (escaped === undefined) {
    escaped = text
      .replace(CONTROL, '\ufffd')
      .replace(TAG_LONE_BACKSLASH, '\ufffd')
      .replace(TAG_SPECIAL, (c) => `\\${c}`);
    if (tags.size >= CACHE_LIMIT) tags.clear();
    tags.set(text, escaped);
  }
  return escaped;
}

export function stringField(text: string): string {
  return `"${text.replace(CONTROL, '\ufffd').replace(STRING_SPECIAL, (c) => `\\${c}`)}"`;
}

/**
 * A float field's text, or undefined for a number the databases cannot hold (Infinity, NaN:
 * `1e400` from the server). Always a float: `10005` is read as one (no `i` suffix), so a field
 * never changes type between runs, which InfluxDB would refuse.
 */
export function floatText(value: number): string | undefined {
  return Number.isFinite(value) ? String(value) : undefined;
}

export type Tags = readonly (readonly [string, string | null | undefined])[];
export type Fields = readonly (readonly [string, string | undefined])[];

/**
 * One line: measurement, the tags that have a value (an empty tag is left out, as InfluxDB
 * does), the fields given (already encoded; undefined ones left out), the timestamp in ns.
 * Undefined when no field is left: a point needs one.
 */
export function pointLine(
  measurement: string,
  tags: Tags,
  fields: Fields,
  timestampNs: string,
): string | undefined {
  const fieldText = fields
    .filter((f): f is readonly [string, string] => f[1] !== undefined)
    .map(([key, value]) => `${tagText(key)}=${value}`)
    .join(',');
  if (fieldText === '') return undefined;
  let head = measurement.replace(CONTROL, '\ufffd').replace(/[, ]/g, (c) => `\\${c}`);
  for (const [key, value] of tags) {
    if (value === null || value === undefined || value === '') continue;
    head += `,${tagText(key)}=${tagText(value)}`;
  }
  return `${head} ${fieldText} ${timestampNs}\n`;
}

/** The zone of `--tz`, checked: a name the runtime does not know is a usage error. */
export function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new UsageError(
      `--tz ${zone}: not a time zone — use an IANA name such as Europe/Berlin, or UTC`,
      'bad_time_zone',
    );
  }
}

/**
 * The timestamp (ns) of a day: its 00:00 in `zone`, else 00:00 UTC. The same day always gives
 * the same timestamp, so a re-push lands on the same point.
 */
export function dayTimestampNs(date: string, zone?: string): string {
  const key = `${zone ?? ''} ${date}`;
  let stamp = stamps.get(key);
  if (stamp === undefined) {
    stamp = timestampOf(date, zone);
    if (stamps.size >= CACHE_LIMIT) stamps.clear();
    stamps.set(key, stamp);
  }
  return stamp;
}

const stamps = new Map<string, string>();

function timestampOf(date: string, zone: string | undefined): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  if (zone === undefined || zone === 'UTC') return `${utcMidnight / 1000}000000000`;
  // The zone's offset at its midnight: guess with the offset at UTC midnight, then correct
  // once (a DST change between the two instants).
  let at = utcMidnight - offsetMs(utcMidnight, zone);
  at = utcMidnight - offsetMs(at, zone);
  return `${Math.round(at / 1000)}000000000`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms`. */
function offsetMs(ms: number, zone: string): number {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const part = (type: string): number =>
    Number(format.formatToParts(ms).find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}
