// Reading back what `-f fhir` and `-f fhir-bundle` wrote, for the FHIR tests: the resources of
// either form, and the checks a transaction Bundle must pass beyond each resource's validity.
import { expect } from 'vitest';
import { fhirProblems } from './fhir-validators.ts';

export interface Resource {
  resourceType: string;
  id: string;
  [field: string]: unknown;
}

interface Entry {
  fullUrl: string;
  resource: Resource;
  request: { method: string; url: string };
}

/** The resources of an NDJSON output: one per line, each a whole JSON object. */
export function ndjsonResources(text: string): Resource[] {
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Resource);
}

/**
 * The resources of a transaction Bundle, after checking it: type transaction, each entry's
 * fullUrl its resource's urn:uuid, each request a conditional PUT on that identifier, and every
 * `urn:uuid:` reference in it resolving to an entry of the bundle.
 */
export function bundleResources(text: string): Resource[] {
  const bundle = JSON.parse(text) as { resourceType: string; type: string; entry: Entry[] };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('transaction');
  const urls = new Set(bundle.entry.map((e) => e.fullUrl));
  expect(urls.size).toBe(bundle.entry.length);
  for (const e of bundle.entry) {
    expect(e.fullUrl).toBe(`urn:uuid:${e.resource.id}`);
    expect(e.request.method).toBe('PUT');
    const [type, query] = e.request.url.split('?');
    expect(type).toBe(e.resource.resourceType);
    const identifier = new URLSearchParams(query).get('identifier');
    expect(identifier).toBe(`urn:ietf:rfc:3986|${e.fullUrl}`);
    const ids = e.resource['identifier'] as { system: string; value: string }[];
    expect(ids).toContainEqual({ system: 'urn:ietf:rfc:3986', value: e.fullUrl });
    for (const ref of references(e.resource)) expect(urls.has(ref), ref).toBe(true);
  }
  return bundle.entry.map((e) => e.resource);
}

function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, v] of Object.entries(value))
    if (key === 'reference' && typeof v === 'string') found.push(v);
    else found.push(...references(v));
  return found;
}

/** Every resource's problems with both validators; [] when all are valid. */
export function allProblems(resources: readonly Resource[], fullUrls?: ReadonlySet<string>) {
  return resources.flatMap((r) =>
    fhirProblems(r, fullUrls).map((p) => `${r.resourceType}/${r.id}: ${p}`),
  );
}

/** In an NDJSON export with the Patient, each Observation's subject is that Patient. */
export function expectSubjects(resources: readonly Resource[], reference: (id: string) => string) {
  const patients = resources.filter((r) => r.resourceType === 'Patient');
  expect(patients).toHaveLength(1);
  const ref = reference(patients[0]?.id ?? '');
  for (const r of resources)
    if (r.resourceType === 'Observation') expect(r['subject']).toEqual({ reference: ref });
}
