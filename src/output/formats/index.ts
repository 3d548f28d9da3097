// The format registry: a format is one file in this folder exporting an OutputFormat, plus one
// line here. Formats load lazily, so parsing options (which needs only the names) loads no CSV
// or table code, and --help stays fast.
import type { Destination } from '../destination.ts';
import type { RowSink } from '../sink.ts';
import type { DocumentOptions, FormatOptions, JsonDocument, OutputFormat } from './format.ts';

const REGISTRY = {
  table: () => import('./table.ts').then((m) => m.table),
  json: () => import('./json.ts').then((m) => m.json),
  ndjson: () => import('./ndjson.ts').then((m) => m.ndjson),
  csv: () => import('./csv.ts').then((m) => m.csv),
  tsv: () => import('./csv.ts').then((m) => m.tsv),
  influx: () => import('./influx.ts').then((m) => m.influx),
  fhir: () => import('./fhir.ts').then((m) => m.fhir),
  'fhir-bundle': () => import('./fhir.ts').then((m) => m.fhirBundle),
} satisfies Record<string, () => Promise<OutputFormat>>;

export type Format = keyof typeof REGISTRY;
export const FORMATS = Object.keys(REGISTRY) as readonly Format[];

export function isFormat(value: string): value is Format {
  return Object.hasOwn(REGISTRY, value);
}

/** Extensions that name a format, for `-o` without `-f` (`sync` reads its target's the same way). */
const BY_EXTENSION: Readonly<Record<string, Format>> = {
  csv: 'csv',
  tsv: 'tsv',
  json: 'json',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
};

export function formatOfFileName(path: string): Format | undefined {
  const dot = path.lastIndexOf('.');
  if (dot <= path.lastIndexOf('/')) return undefined;
  const extension = path.slice(dot + 1).toLowerCase();
  return Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined;
}

export async function createRowSink(
  format: Format,
  out: Destination,
  options: FormatOptions,
): Promise<RowSink> {
  const chosen = await REGISTRY[format]();
  return chosen.rows(out, options);
}

/**
 * Starts loading a format's module and returns at once. A command that knows its format before
 * its request calls this first, so the module is read and compiled while the server answers
 * rather than after (`npm run bench -- --only one-request`). A failure to load is left to the
 * real call, which reports it.
 */
export function preloadFormat(format: Format): void {
  REGISTRY[format]().catch(() => undefined);
}

/** Writes one JSON document in the format, then ends the destination. */
export async function writeDocument(
  format: Format,
  doc: JsonDocument,
  out: Destination,
  options: DocumentOptions,
): Promise<void> {
  const chosen = await REGISTRY[format]();
  await out.write(await chosen.document(doc, options));
  await out.end();
}
