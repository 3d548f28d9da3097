// One FHIR R4 Observation per daily value (`healthdata daily`) or per row (`metrics`). The code
// is LOINC where the table has one (codes.ts), always beside healthdata's own coding of the
// API's metric name; the value is a valueQuantity in UCUM where the unit is sure (units.ts), a
// valueString for text. Where a vital-signs profile fits (its LOINC code and one of its units),
// the Observation claims it and follows it; otherwise it claims nothing. The provider is the
// device's display; how the value was made (the daily basis, or "one row of several") is said
// in an extension and in a note, never left for a reader to guess. No diagnosis, no reading.
import type { RawNumber } from '../api/exact-numbers.ts';
import { LOINC, METRIC_SYSTEM, metricCode } from './codes.ts';
import { stableId } from './ids.ts';
import { fhirString } from './text.ts';
import { UCUM, ucumCode } from './units.ts';

const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CATEGORY_DISPLAY = { 'vital-signs': 'Vital Signs', activity: 'Activity' } as const;
/** The extension that carries a daily value's basis (total, single, several). */
export const BASIS_EXTENSION = 'urn:healthdata:extension:daily-basis';

/** A daily value (`daily`'s record) or a row as the API sent it (`metrics`). */
export interface ValueInput {
  date: string;
  metric: string;
  provider: string;
  value: number | RawNumber | null;
  text: string | null;
  unit: string | null;
  /** Daily values only: how the value was made, and from how many rows. */
  basis?: string;
  rows?: number;
}

export interface Observation {
  resourceType: 'Observation';
  id: string;
  [field: string]: unknown;
}

export interface Subject {
  /** The Patient's id (ids of Observations are made from it), and how to refer to it. */
  patientId: string;
  reference: string;
}

const NOTES: Readonly<Record<string, string>> = {
  total:
    "The day's total as the aggregator de-duplicated it (its <metric>_total twin); the per-app rows it covers were not added up.",
  single: "The day's one row as the API sent it.",
  several:
    'The mean of several rows of this day (samples, or one per source app) for a metric without a daily total: never their sum.',
};
const ROW_NOTE =
  'One row as the API sent it. A day can have several rows of a metric, one per source app: they must not be added up; the daily value is healthdata daily.';

/**
 * The Observation of `input`, or undefined when it has no value to say (a `no_total` day).
 * `occurrence` tells apart rows identical in every field on one day (ids.ts).
 */
export function observationOf(
  input: ValueInput,
  subject: Subject,
  occurrence = 0,
): Observation | undefined {
  const value = valueOf(input);
  if (value === undefined) return undefined;
  const table = metricCode(input.metric);
  const quantity = value.valueQuantity as { code?: string } | undefined;
  const vital =
    table?.vital !== undefined &&
    quantity?.code !== undefined &&
    table.vital.units.includes(quantity.code)
      ? table.vital
      : undefined;
  const category =
    vital !== undefined ? 'vital-signs' : table?.category === 'activity' ? 'activity' : undefined;
  const daily = input.basis !== undefined;
  const id = daily
    ? stableId('Observation', subject.patientId, 'daily', input.metric, input.provider, input.date)
    : stableId(
        'Observation',
        subject.patientId,
        'row',
        input.metric,
        input.provider,
        input.date,
        String(input.value),
        input.text ?? '',
        input.unit ?? '',
        String(occurrence),
      );
  const metric = fhirString(input.metric);
  return {
    resourceType: 'Observation',
    id,
    ...(vital === undefined ? {} : { meta: { profile: [vital.url] } }),
    ...(daily ? { extension: [{ url: BASIS_EXTENSION, valueCode: input.basis }] } : {}),
    identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${id}` }],
    status: 'final',
    ...(category === undefined
      ? {}
      : {
          category: [
            {
              coding: [
                { system: CATEGORY_SYSTEM, code: category, display: CATEGORY_DISPLAY[category] },
              ],
            },
          ],
        }),
    code: {
      coding: [
        ...(table?.loinc ?? []).map((c) => ({ system: LOINC, code: c.code, display: c.display })),
        { system: METRIC_SYSTEM, code: metricSystemCode(input.metric), display: metric },
      ],
      text: metric,
    },
    subject: { reference: subject.reference },
    effectiveDateTime: input.date,
    device: { display: fhirString(input.provider) },
    ...value,
    note: [{ text: daily ? (NOTES[input.basis as string] ?? NOTES['single']) : ROW_NOTE }],
  };
}

function valueOf(input: ValueInput): Record<string, unknown> | undefined {
  if (input.value !== null) {
    const unit = input.unit ?? metricCode(input.metric)?.impliedUnit ?? null;
    const code = unit === null ? undefined : ucumCode(input.metric, unit);
    return {
      valueQuantity: {
        value: input.value,
        ...(unit === null ? {} : { unit: fhirString(unit) }),
        ...(code === undefined ? {} : { system: UCUM, code }),
      },
    };
  }
  if (input.text === null) return undefined;
  return { valueString: fhirString(textOf(input.text, input.basis)) };
}

/** A daily text of several entries is a JSON array of them (daily-rows.ts): listed, in order. */
function textOf(text: string, basis: string | undefined): string {
  if (basis !== 'several' || !text.startsWith('[')) return text;
  try {
    const values = JSON.parse(text) as unknown;
    if (Array.isArray(values) && values.every((v) => typeof v === 'string'))
      return values.join('; ');
  } catch {
    // Not the array daily writes: the text as it is.
  }
  return text;
}

/**
 * A FHIR code has no leading or trailing whitespace and no whitespace but single spaces
 * (R4 datatypes §code); a server's metric name may have any: such a name is coded by its
 * spaces made single and its control characters shown (the display keeps the name as sent).
 */
function metricSystemCode(metric: string): string {
  const code = fhirString(metric).replace(/\s+/g, ' ').trim();
  return code === '' ? '\ufffd' : code;
}
