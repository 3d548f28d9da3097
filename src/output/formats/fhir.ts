// `-f fhir` and `-f fhir-bundle`: FHIR R4 resources (src/fhir) of metric rows (`metrics`) or of
// daily values (`daily`). Neither is a form for other documents (a catalog, a summary): those
// are refused with a usage error that says which commands write FHIR.
import { RowWalker } from '../../api/rows/row-walk.ts';
import { UsageError } from '../../lib/errors.ts';
import { observationOf, type ValueInput } from '../../fhir/observation.ts';
import {
  BUNDLE_END,
  BUNDLE_START,
  resourceText,
  RowObservations,
  subjectOf,
  type FhirForm,
} from '../../fhir/stream.ts';
import type { JsonDocument, DocumentOptions, FormatOptions, OutputFormat } from './format.ts';
import { textSink } from '../sink.ts';
import type { Destination } from '../destination.ts';

function exportOf(options: FormatOptions): NonNullable<FormatOptions['fhir']> {
  if (options.fhir === undefined) throw notHere();
  return options.fhir;
}

function notHere(): UsageError {
  return new UsageError(
    "FHIR is written by 'healthdata daily' (daily values) and 'healthdata metrics' (rows): use -f json or csv here",
    'bad_usage',
  );
}

function rowsOf(form: FhirForm, out: Destination, options: FormatOptions) {
  const fhir = exportOf(options);
  const observations = new RowObservations(subjectOf(form, fhir));
  // The one walk over a page's rows (src/api/rows/row-walk.ts): a proven page's rows are made
  // from its bytes, never by parsing the page again.
  const walker = new RowWalker();
  let first = true;
  const sep = () => {
    const s = form === 'bundle' && !first ? ',\n' : '';
    first = false;
    return s;
  };
  const head = () =>
    (form === 'bundle' ? BUNDLE_START : '') +
    (form === 'bundle' || fhir.withPatient ? sep() + resourceText(form, fhir.patient) : '');
  return textSink(
    {
      start: head,
      rows: (page) => {
        let text = '';
        walker.walk(page, (row) => {
          const o = observations.of(row.object());
          if (o !== undefined) text += sep() + resourceText(form, o);
        });
        return text;
      },
      finish: () => (form === 'bundle' ? BUNDLE_END : ''),
    },
    out,
  );
}

function documentOf(form: FhirForm, doc: JsonDocument, options: DocumentOptions): string {
  const fhir = exportOf(options);
  const data = (doc.body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw notHere();
  const subject = subjectOf(form, fhir);
  const parts: string[] = [];
  if (form === 'bundle' || fhir.withPatient) parts.push(resourceText(form, fhir.patient));
  for (const record of data as ValueInput[]) {
    const o = observationOf(record, subject);
    if (o !== undefined) parts.push(resourceText(form, o));
  }
  return form === 'bundle' ? BUNDLE_START + parts.join(',\n') + BUNDLE_END : parts.join('');
}

export const fhir: OutputFormat = {
  rows: (out, options) => rowsOf('ndjson', out, options),
  document: (doc, options) => documentOf('ndjson', doc, options),
};

export const fhirBundle: OutputFormat = {
  rows: (out, options) => rowsOf('bundle', out, options),
  document: (doc, options) => documentOf('bundle', doc, options),
};
