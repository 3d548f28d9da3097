// The API's unit strings as UCUM codes (http://unitsofmeasure.org), for valueQuantity. Only a
// unit whose meaning is not in doubt is coded, and the value is never converted: `bpm` is the
// UCUM code `/min` of the same number. A unit not listed, or one that is a difference rather
// than a level (a temperature *delta* in °C is not the UCUM level `Cel`), keeps its text in
// `unit` with no code: a reader sees it as sent, and nothing claims more than the API said.
// The tests check every code below with NLM's UCUM validator (@lhncbc/ucum-lhc).

export const UCUM = 'http://unitsofmeasure.org';

const CODES: Readonly<Record<string, string>> = {
  bpm: '/min',
  'beats/min': '/min',
  'count/min': '/min',
  'breaths/min': '/min',
  '/min': '/min',
  kg: 'kg',
  g: 'g',
  lb: '[lb_av]',
  lbs: '[lb_av]',
  cm: 'cm',
  m: 'm',
  km: 'km',
  in: '[in_i]',
  mi: '[mi_i]',
  '%': '%',
  ms: 'ms',
  s: 's',
  min: 'min',
  h: 'h',
  kcal: 'kcal',
  kJ: 'kJ',
  '°C': 'Cel',
  degC: 'Cel',
  '°F': '[degF]',
  'km/h': 'km/h',
  'm/s': 'm/s',
  'kg/m2': 'kg/m2',
  'kg/m²': 'kg/m2',
  mmHg: 'mm[Hg]',
  'mg/dL': 'mg/dL',
  'mmol/L': 'mmol/L',
  L: 'L',
  mL: 'mL',
  count: '{count}',
};

/** Counts a day of a metric that is a daily count: steps per day is UCUM's `/d`, annotated. */
const DAILY_COUNTS: Readonly<Record<string, string>> = { steps: '{steps}/d' };

/** The UCUM code for a value of `metric` in the API's `unit`, or undefined if none is sure. */
export function ucumCode(metric: string, unit: string): string | undefined {
  const base = metric.endsWith('_total') ? metric.slice(0, -'_total'.length) : metric;
  // A difference is not a level: leave its unit as text.
  if (base.endsWith('_delta') || base.endsWith('_deviation')) return undefined;
  if (unit === 'count' && Object.hasOwn(DAILY_COUNTS, base)) return DAILY_COUNTS[base];
  return Object.hasOwn(CODES, unit) ? CODES[unit] : undefined;
}

/** The API unit strings the table knows, for the tests. */
export const API_UNITS: readonly string[] = Object.keys(CODES);

/** Every code of the table, for the tests that check them against UCUM. */
export const ALL_UCUM_CODES: readonly string[] = [
  ...new Set([...Object.values(CODES), ...Object.values(DAILY_COUNTS)]),
];
