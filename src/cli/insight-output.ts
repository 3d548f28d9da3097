// Writes the records of an insight command (summary --by, anomalies, compare, correlate) in
// the chosen format through the document path of the format registry: a table for a person,
// csv/tsv with one header, json as {data, meta} with the rule that produced the numbers in
// meta, ndjson one record a line. The records come rounded from src/insight/records (once,
// src/lib/precision.ts): every format, and MCP, shows the same numbers.
import type { FhirExport } from '../fhir/stream.ts';
import { writeDocument } from '../output/formats/index.ts';
import type { Context } from './context.ts';
import type { OutputFlags } from './flags.ts';
import type { Notices } from './notices.ts';
import { openTarget } from './output-target.ts';
import { terminalView } from './terminal.ts';
import { timeZoneOption } from './time-zone.ts';

export interface InsightDocument {
  /** The table's title. */
  title: string;
  /** Flat records of src/insight/records: names, numbers, flags. */
  records: readonly object[];
  /** The rule and range behind the numbers: json's `meta`, left out of tables. */
  meta: Record<string, unknown>;
  /** csv/tsv's header when there are no records. */
  columns?: readonly string[];
  /** -f fhir, fhir-bundle: the Patient (src/cli/fhir-export.ts). */
  fhir?: FhirExport;
}

export async function writeInsight(
  doc: InsightDocument,
  flags: OutputFlags,
  ctx: Context,
  notices: Notices,
): Promise<void> {
  const target = await openTarget(flags, ctx, notices);
  const terminal = terminalView(ctx, flags.output !== undefined);
  const body = { data: doc.records, meta: doc.meta };
  try {
    await writeDocument(target.format, { body, text: JSON.stringify(body) }, target.destination, {
      header: flags.header,
      hideKeys: ['meta'],
      title: doc.title,
      ...(doc.columns ? { emptyColumns: doc.columns } : {}),
      ...(doc.fhir ? { fhir: doc.fhir } : {}),
      columns: terminal.columns,
      palette: terminal.out,
      pretty: ctx.stdoutIsTTY && flags.output === undefined,
      ...timeZoneOption(flags),
    });
    if (flags.output !== undefined && flags.output !== '-') {
      notices.info(
        `wrote ${doc.records.length} ${doc.records.length === 1 ? 'row' : 'rows'} to ${flags.output}`,
      );
    }
  } catch (error) {
    await target.abandon();
    throw error;
  } finally {
    await target.pager?.close();
  }
}
