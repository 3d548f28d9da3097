// What every output format must do. A format serves both shapes of data the CLI writes, so a
// new one cannot forget either: the type checker rejects a format missing rows or document.
import type { Destination } from '../destination.ts';
import type { RowSink } from '../sink.ts';
import type { FhirExport } from '../../fhir/stream.ts';
import type { Palette } from '../terminal/colors.ts';

export interface FormatOptions {
  /** csv/tsv: write the header row. */
  header: boolean;
  /** table: the width to fit (undefined: no limit), and the colours. */
  columns?: number | undefined;
  palette?: Palette;
  /** json: indented for a person at a terminal. */
  pretty?: boolean;
  /** fhir, fhir-bundle: the Patient the resources are about (src/fhir). */
  fhir?: FhirExport;
  /** influx: the IANA zone whose midnight a day's point is at (--tz); UTC when undefined. */
  timeZone?: string | undefined;
}

export interface DocumentOptions extends FormatOptions {
  /** Keys left out of tables because they are shown elsewhere (the plan window). */
  hideKeys?: readonly string[];
  /** table: the title of the document's first block (`Profile`). */
  title?: string;
  /**
   * csv/tsv: the columns when the document has no rows, so an empty export still has its
   * header (a reader such as pandas fails on a 0-byte file).
   */
  emptyColumns?: readonly string[];
}

/** A free-form JSON body (catalog, sources, profile): parsed, and the exact text received. */
export interface JsonDocument {
  body: unknown;
  text: string;
}

export interface OutputFormat {
  /** A streaming sink for metric rows, written page by page (`healthdata metrics`). */
  rows(out: Destination, options: FormatOptions): RowSink | Promise<RowSink>;
  /** The whole text for one JSON document; the caller writes it and ends the destination. */
  document(doc: JsonDocument, options: DocumentOptions): string | Promise<string>;
}
