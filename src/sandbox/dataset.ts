import type { DayContext, RawNumber } from './day-context.ts';
import type { ProviderSpec, SourceKind } from './providers.ts';
import { formatDate } from './dates.ts';
import { hashString, mixSeed, mulberry32 } from './prng.ts';
import { ByteStore } from './byte-store.ts';

/** One (provider, metric) pair and where its rows sit in the global order. */
export interface Series {
  provider: string;
  providerKey: string;
  kind: SourceKind;
  metric: string;
  unit: string | null;
  stream: boolean;
  text: boolean;
  /** Global row indices, ascending (so newest first). */
  rows: Uint32Array;
  /** Day numbers of the newest and oldest row, or null when the series has none. */
  lastDay: number | null;
  firstDay: number | null;
}

/**
 * Every servable row, pre-serialised once. Rows are in the served order: date descending, then
 * provider (case-insensitively), metric, and source order. Row i is the JSON text followed by a
 * comma at bytes [offsets[i], offsets[i + 1]) of `bytes`, so a run of rows is one byte range.
 */
export interface Dataset {
  bytes: ByteStore;
  offsets: Float64Array;
  rowCount: number;
  series: readonly Series[];
  today: number;
  /** Day number of the oldest day held. */
  startDay: number;
  /** dayStart[k] = first row of the day k days before today; dayStart[days] = rowCount. */
  dayStart: Uint32Array;
}

export interface BuildOptions {
  providers: readonly ProviderSpec[];
  today: number;
  /** The plan's history floor; null keeps all history. */
  floor: number | null;
  seed: number;
  scale: number;
}

interface Writable {
  series: Series;
  indices: number[];
  head: string;
  numTail: string;
  textTail: string;
  values: Array<number | string | RawNumber>;
}

function writable(p: ProviderSpec, m: ProviderSpec['metrics'][number]): Writable {
  const rest = `,"unit":${JSON.stringify(m.unit)},"stream":${m.stream}},`;
  const series: Series = {
    provider: p.provider,
    providerKey: p.provider.toLowerCase(),
    kind: p.kind,
    metric: m.metric,
    unit: m.unit,
    stream: m.stream,
    text: m.text,
    rows: new Uint32Array(0),
    lastDay: null,
    firstDay: null,
  };
  return {
    series,
    indices: [],
    head: `","provider":${JSON.stringify(p.provider)},"metric":${JSON.stringify(m.metric)},"numValue":`,
    numTail: `,"textValue":null${rest}`,
    textTail: rest,
    values: [],
  };
}

function rowText(
  w: Writable,
  value: number | string | RawNumber,
  texts: Map<string, string>,
): string {
  if (typeof value === 'object') {
    if (w.series.text || !/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value.raw))
      throw new Error(`bad raw number for ${w.series.metric}`);
    return `${w.head}${value.raw}${w.numTail}`;
  }
  if (typeof value === 'number') {
    if (w.series.text || !Number.isFinite(value))
      throw new Error(`bad value for ${w.series.metric}`);
    return `${w.head}${value}${w.numTail}`;
  }
  if (!w.series.text) throw new Error(`text value for numeric metric ${w.series.metric}`);
  let json = texts.get(value);
  if (json === undefined) texts.set(value, (json = JSON.stringify(value)));
  return `${w.head}null,"textValue":${json}${w.textTail}`;
}

export function buildDataset(options: BuildOptions): Dataset {
  const { today, seed, scale } = options;
  const providers = [...options.providers].sort((a, b) =>
    a.provider.toLowerCase() < b.provider.toLowerCase() ? -1 : 1,
  );
  const oldest = Math.max(...providers.map((p) => p.connectedDaysAgo), 0);
  const startDay = Math.max(today - oldest, options.floor ?? -Infinity);
  const days = today - startDay + 1;

  const perProvider = providers.map((p) => {
    const ws = [...p.metrics]
      .sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0))
      .map((m) => writable(p, m));
    const byMetric = new Map(ws.map((w) => [w.series.metric, w]));
    return { p, ws, byMetric, hash: hashString(p.seedName ?? p.provider) };
  });

  const writer = new ByteStore();
  const offsets: number[] = [];
  const dayStart = new Uint32Array(days + 1);
  const texts = new Map<string, string>();
  let row = 0;
  for (let ago = 0; ago < days; ago++) {
    dayStart[ago] = row;
    const day = today - ago;
    const dateHead = `{"date":"${formatDate(day)}`;
    for (const { p, ws, byMetric, hash } of perProvider) {
      if (ago > p.connectedDaysAgo) continue;
      for (const w of ws) w.values.length = 0;
      const ctx: DayContext = {
        day,
        ago,
        scale,
        rng: mulberry32(mixSeed(seed, hash, day)),
        out(metric) {
          const w = byMetric.get(metric);
          if (!w) throw new Error(`${p.provider} emitted undeclared metric ${metric}`);
          return w.values;
        },
      };
      p.generate(ctx);
      for (const w of ws) {
        if (w.values.length === 0) continue;
        w.series.lastDay ??= day;
        w.series.firstDay = day;
        for (const value of w.values) {
          offsets.push(writer.length);
          writer.write(dateHead + rowText(w, value, texts));
          w.indices.push(row++);
        }
      }
    }
  }
  dayStart[days] = row;
  offsets.push(writer.length);
  writer.seal();

  const series = perProvider.flatMap(({ ws }) =>
    ws.map((w) => {
      w.series.rows = Uint32Array.from(w.indices);
      return w.series;
    }),
  );
  return {
    bytes: writer,
    offsets: Float64Array.from(offsets),
    rowCount: row,
    series,
    today,
    startDay,
    dayStart,
  };
}
