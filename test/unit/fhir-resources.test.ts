// Every resource src/fhir writes, for every metric of the table and every unit it knows, and
// for hostile names, units, texts and numbers, is valid FHIR R4 to both validators (FHIR.js and
// @medplum/core), and an Observation that claims a vital-signs profile is valid against it and
// against the base vitalsigns profile (test/helpers/fhir-validators.ts).
import { describe, expect, it } from 'vitest';
import { RawNumber } from '../../src/api/exact-numbers.ts';
import { METRIC_CODES } from '../../src/fhir/codes.ts';
import { observationOf, type ValueInput } from '../../src/fhir/observation.ts';
import { patientOf } from '../../src/fhir/patient.ts';
import {
  BUNDLE_END,
  BUNDLE_START,
  resourceText,
  RowObservations,
  subjectOf,
  type FhirForm,
} from '../../src/fhir/stream.ts';
import { API_UNITS, UCUM } from '../../src/fhir/units.ts';
import { fhirProblems } from '../helpers/fhir-validators.ts';

const HOSTILE = [
  'a\u0000b\u0001c\u001b[31m\u007f',
  '\u202eevil\u202c \u2066bidi\u2069',
  'quote " and \' and \\ backslash',
  'line\nbreak\r\nand\ttab',
  '"},{"resourceType":"Patient","id":"x"}]}',
  '  padded  ',
  '',
  ' ',
  '\u0000',
  'emoji 🫀 and e\u0301 and \ufeff',
  '$(touch pwned)',
  'x'.repeat(5000),
];

const patient = patientOf({ user: { id: 'usr_1' } }, 'https://api.example/v1', 'default');

function problemsOf(form: FhirForm, input: ValueInput, occurrence = 0): string[] {
  const o = observationOf(input, subjectOf(form, { patient, withPatient: true }), occurrence);
  if (o === undefined) return [];
  const text = resourceText(form, o);
  const parsed = JSON.parse(form === 'ndjson' ? text : `{"e":${text}}`) as Record<string, unknown>;
  const resource = form === 'ndjson' ? parsed : (parsed['e'] as { resource: unknown }).resource;
  // A bundle's Patient entry has this fullUrl: the reference resolves within the bundle.
  const urls = new Set(form === 'bundle' ? [`urn:uuid:${patient.id}`] : []);
  return fhirProblems(resource, urls).map((p) => `${JSON.stringify(input).slice(0, 120)}: ${p}`);
}

const day = (over: Partial<ValueInput>): ValueInput => ({
  date: '2026-11-20',
  metric: 'steps',
  provider: 'PhoneHealth',
  value: 1,
  text: null,
  unit: null,
  basis: 'single',
  rows: 1,
  ...over,
});

describe('Observations', () => {
  it('are valid for every metric of the table, its _total twin and an unknown one, in every unit', () => {
    const metrics = [...Object.keys(METRIC_CODES), 'steps_total', 'weight_total', 'mood_score'];
    const problems: string[] = [];
    let checked = 0;
    for (const metric of metrics)
      for (const unit of [...API_UNITS, null, 'furlongs/fortnight'])
        for (const basis of ['single', undefined]) {
          const input = day({ metric, unit, value: 72.5 });
          if (basis === undefined) delete input.basis;
          problems.push(...problemsOf('ndjson', input));
          checked += 1;
        }
    expect(checked).toBeGreaterThan(800);
    expect(problems).toEqual([]);
  });

  it('are valid for each daily basis, text and several texts', () => {
    const problems = [
      ...['total', 'single', 'several'].map((basis) => day({ basis, value: 10, unit: 'count' })),
      day({ metric: 'workout_type', value: null, text: 'HIIT' }),
      day({ metric: 'workout_type', value: null, text: '["HIIT","run"]', basis: 'several' }),
      day({ metric: 'weight', value: 80, unit: 'kg', basis: 'several', rows: 3 }),
    ].flatMap((input) => [...problemsOf('ndjson', input), ...problemsOf('bundle', input)]);
    expect(problems).toEqual([]);
  });

  it('are valid with hostile metric, provider, unit and text', () => {
    const problems: string[] = [];
    for (const h of HOSTILE) {
      for (const metric of [h, `${h}_total`, 'heart_rate'])
        problems.push(...problemsOf('ndjson', day({ metric, provider: h, unit: h, value: 3 })));
      problems.push(...problemsOf('bundle', day({ metric: h, value: null, text: h, unit: h })));
      problems.push(
        ...problemsOf('ndjson', day({ metric: h, value: null, text: h, basis: 'several' })),
      );
    }
    expect(problems).toEqual([]);
  });

  it('are valid at the edges of the doubles, and exact for numbers no double holds', () => {
    const values = [0, -0, -1, 5e-324, 1.7976931348623157e308, -1.7976931348623157e308];
    const raw = ['12345678901234567890', '9007199254740993', '1.00000000000000000001'];
    const problems: string[] = [];
    for (const value of [...values, ...raw.map((r) => new RawNumber(r))])
      for (const metric of ['steps', 'heart_rate', 'weight'])
        problems.push(...problemsOf('ndjson', day({ metric, value, unit: 'kg' })));
    expect(problems).toEqual([]);
    for (const r of raw) {
      const o = observationOf(
        day({ value: new RawNumber(r) }),
        subjectOf('ndjson', { patient, withPatient: false }),
      );
      expect(resourceText('ndjson', o!)).toContain(`"valueQuantity":{"value":${r}}`);
    }
  });

  it('has none for a day without a value (no_total)', () => {
    const o = observationOf(
      day({ value: null, text: null, basis: 'no_total' }),
      subjectOf('ndjson', { patient, withPatient: false }),
    );
    expect(o).toBeUndefined();
  });

  it('gives identical rows of one day distinct stable ids', () => {
    const rows = new RowObservations(subjectOf('ndjson', { patient, withPatient: false }));
    const row = {
      date: '2026-11-20',
      provider: 'P',
      metric: 'steps',
      numValue: 5,
      textValue: null,
      unit: 'count',
      stream: false,
    };
    const a = rows.of(row)?.id;
    const b = rows.of(row)?.id;
    expect(a).toBeDefined();
    expect(b).not.toBe(a);
    const again = new RowObservations(subjectOf('ndjson', { patient, withPatient: false }));
    expect([again.of(row)?.id, again.of(row)?.id]).toEqual([a, b]);
  });
});

describe('Patients and bundles', () => {
  it('are valid for hostile, missing and odd user ids', () => {
    const bodies: unknown[] = [
      null,
      {},
      [],
      'text',
      { user: { id: '' } },
      { id: 12 },
      { user_id: 'x'.repeat(201) },
      ...HOSTILE.map((h) => ({ user: { id: h } })),
    ];
    const problems: string[] = [];
    for (const body of bodies)
      for (const base of ['https://u:secret@api.example/v1/?k=1#f', 'not a url', 'http://[::1]:9/'])
        for (const name of ['default', ...HOSTILE]) {
          const p = patientOf(body, base, name);
          expect(JSON.stringify(p)).not.toContain('secret');
          problems.push(
            ...fhirProblems(JSON.parse(resourceText('ndjson', p))).map(
              (x) => `${JSON.stringify(body).slice(0, 80)} ${base}: ${x}`,
            ),
          );
        }
    expect(problems).toEqual([]);
  });

  it('a transaction bundle of them is one valid Bundle', () => {
    const subject = subjectOf('bundle', { patient, withPatient: true });
    const entries = [resourceText('bundle', patient)];
    for (const h of HOSTILE) {
      const o = observationOf(day({ metric: h, provider: h, value: 1, unit: h }), subject);
      if (o) entries.push(resourceText('bundle', o));
    }
    const bundle = JSON.parse(BUNDLE_START + entries.join(',\n') + BUNDLE_END) as unknown;
    expect(fhirProblems(bundle)).toEqual([]);
  });
});

describe('the validators', () => {
  it('would catch a broken Observation and a profile it does not fit', () => {
    const subject = subjectOf('ndjson', { patient, withPatient: false });
    const o = observationOf(day({ metric: 'heart_rate', value: 60, unit: 'bpm' }), subject);
    expect(o?.['meta']).toEqual({ profile: ['http://hl7.org/fhir/StructureDefinition/heartrate'] });
    expect(fhirProblems(o)).toEqual([]);
    // medplum holds no terminology (a bad status code passes it); a missing code it sees.
    expect(fhirProblems({ ...o, status: 'nope' }).some((p) => p.startsWith('fhir.js:'))).toBe(true);
    const noCode = fhirProblems(JSON.parse(JSON.stringify({ ...o, code: undefined })));
    expect(noCode.some((p) => p.startsWith('medplum:'))).toBe(true);
    expect(noCode.some((p) => p.startsWith('fhir.js:'))).toBe(true);
    const wrongUnit = { ...o, valueQuantity: { value: 60, unit: 'kg', system: UCUM, code: 'kg' } };
    expect(
      fhirProblems(wrongUnit).some((p) => p.includes('valueQuantity.code kg not in /min')),
    ).toBe(true);
    const noCategory = JSON.parse(JSON.stringify({ ...o, category: undefined })) as unknown;
    expect(fhirProblems(noCategory).some((p) => p.startsWith('medplum vitalsigns:'))).toBe(true);
    // A reference to an entry that is not in the bundle stays a complaint.
    const elsewhere = {
      ...o,
      subject: { reference: 'urn:uuid:00000000-0000-5000-8000-000000000000' },
    };
    expect(fhirProblems(elsewhere, new Set())).not.toEqual([]);
  });
});
