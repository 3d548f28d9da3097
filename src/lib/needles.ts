// Whether a text or a buffer holds any of many strings, at about the cost of searching for a
// few. The run's secrets are every key of the config file (a study keeps hundreds), and every
// response body is searched for them: one native search per key made a page cost hundreds of
// searches. Keys share their first characters (`phd_live_…`), so the needles are grouped by
// their first four: one native search per group, and at each place it is found a set lookup
// on the next few characters. Only a yes/no is given: finding where is left to the caller,
// which does it only when the answer is yes (rare: a server echoing a secret).

/** Every needle is at least this long (Secrets ignores shorter ones). */
export const ANCHOR = 4;

/**
 * Up to this many groups, one native search each; beyond (a thousand keys without a shared
 * start), one pass over the bytes looking each 4-byte word up: far faster on a large page than
 * a thousand native searches (measured).
 */
const FEW = 16;

interface Group<T> {
  anchor: T;
  /** The one needle of a group of one: searched for whole. */
  whole: T | undefined;
  /** Length of the shortest needle of the group, and the set of each one's first `head`. */
  head: number;
  heads: Set<string>;
}

export interface Needles {
  inText(text: string): boolean;
  inBytes(bytes: Buffer): boolean;
}

export function needles(all: readonly string[]): Needles {
  const texts = groups(
    all,
    (s) => s,
    (s, from, to) => s.slice(from, to),
  );
  const bytes = groups(
    all.map((s) => Buffer.from(s)),
    (b) => b.toString('latin1'),
    (b, from, to) => b.subarray(from, to),
  );
  const scan = bytes.length > FEW ? wordScan(bytes) : undefined;
  return {
    inText: (text) =>
      texts.some((g) =>
        found(
          g,
          (needle) => text.includes(needle),
          (at) => text.indexOf(g.anchor, at),
          (at, n) => (at + n <= text.length ? text.slice(at, at + n) : ''),
        ),
      ),
    inBytes: (buf) =>
      scan
        ? scan(buf)
        : bytes.some((g) =>
            found(
              g,
              (needle) => buf.includes(needle),
              (at) => buf.indexOf(g.anchor, at),
              (at, n) => (at + n <= buf.length ? buf.toString('latin1', at, at + n) : ''),
            ),
          ),
  };
}

function groups<T extends string | Buffer>(
  all: readonly T[],
  key: (needle: T) => string,
  cut: (needle: T, from: number, to: number) => T,
): Group<T>[] {
  const byAnchor = new Map<string, T[]>();
  for (const needle of all) {
    const anchor = key(cut(needle, 0, ANCHOR));
    const list = byAnchor.get(anchor);
    if (list) list.push(needle);
    else byAnchor.set(anchor, [needle]);
  }
  return [...byAnchor.values()].map((list) => {
    const first = list[0] as T;
    const head = Math.min(...list.map((n) => n.length));
    return {
      anchor: cut(first, 0, ANCHOR),
      whole: list.length === 1 ? first : undefined,
      head,
      heads: new Set(list.map((n) => key(cut(n, 0, head)))),
    };
  });
}

/** `slice` gives '' past the end, which no head is. */
function found<T>(
  group: Group<T>,
  includes: (needle: T) => boolean,
  indexOf: (from: number) => number,
  slice: (at: number, length: number) => string,
): boolean {
  if (group.whole !== undefined) return includes(group.whole);
  for (let at = indexOf(0); at !== -1; at = indexOf(at + 1)) {
    if (group.heads.has(slice(at, group.head))) return true;
  }
  return false;
}

/** A 16-bit hash of a 4-byte word: most words are ruled out by one typed-array read. */
const slot = (word: number): number => Math.imul(word, 0x9e3779b1) >>> 16;

/** One pass: the 4 bytes at each place, as a number, looked up among the groups' anchors. */
function wordScan(groups: readonly Group<Buffer>[]): (buf: Buffer) => boolean {
  const byWord = new Map(groups.map((g) => [g.anchor.readUInt32LE(0), g]));
  const seen = new Uint8Array(1 << 16);
  for (const word of byWord.keys()) seen[slot(word)] = 1;
  return (buf) => scanBytes(buf, byWord, seen);
}

function scanBytes(
  buf: Buffer,
  byWord: ReadonlyMap<number, Group<Buffer>>,
  seen: Uint8Array,
): boolean {
  if (buf.length < ANCHOR) return false;
  let word = buf.readUInt32LE(0);
  for (let at = 0; ;) {
    const group = seen[slot(word)] === 1 ? byWord.get(word) : undefined;
    if (group && at + group.head <= buf.length) {
      if (group.heads.has(buf.toString('latin1', at, at + group.head))) return true;
    }
    if (at + ANCHOR >= buf.length) return false;
    // Little-endian: the next byte comes in at the top.
    word = ((word >>> 8) | ((buf[at + ANCHOR] as number) << 24)) >>> 0;
    at += 1;
  }
}
