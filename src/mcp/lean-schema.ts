// A tool's schemas as tools/list shows them: zod's JSON Schema less what costs bytes and tells
// a client little. Every tool's schemas go out in every session's tools/list, into the model's
// context before the first question (issue 35: 38 KB for nine tools, now capped at 12 KB by
// test/e2e/mcp-lean.test.ts). What is checked does not change: arguments and answers are still
// validated by the whole zod schema, bounds and all.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import * as z from 'zod';

type Json = Record<string, unknown>;

/** Schemas listed by their type alone (brief()). */
const briefs = new WeakSet<object>();

/**
 * `schema`, listed in an output schema by its type alone (`object`, or object or null): for
 * what an answer echoes beside its data (the query, the plan window) and small structures
 * whose fields name themselves.
 */
export function brief<T extends z.ZodType>(schema: T): T {
  briefs.add(schema);
  return schema;
}

/**
 * `schema` for registerTool, listed compactly. Both ways: no `$schema` line; no ±2^53 bounds on
 * integers (zod's default: any JSON integer a client sends); no `type` beside an `enum`. Input: no length bounds on strings
 * and name lists (guards against abuse that the model need not read; they still hold).
 * Output: no `additionalProperties: false` (an answer may gain fields, which a client should
 * not reject), no `required` (every field is always sent), brief() schemas as their type.
 * zod's `reused: 'ref'` was tried for shared definitions: its `$defs` of one-word schemas
 * (`{"type":"number"}`) came out larger, not smaller.
 */
export function lean<T extends z.ZodType>(
  schema: T,
): StandardSchemaWithJSON<z.input<T>, z.output<T>> {
  const convert =
    (io: 'input' | 'output') =>
    (options: { target: string }): Json =>
      compact(
        z.toJSONSchema(schema, {
          target: options.target as 'draft-2020-12',
          io,
          override: ({ zodSchema, jsonSchema }) => {
            if (io === 'output' && briefs.has(zodSchema)) typeOnly(jsonSchema);
          },
        }) as Json,
        io,
      );
  return {
    '~standard': {
      ...schema['~standard'],
      jsonSchema: { input: convert('input'), output: convert('output') },
    },
  };
}

const SAFE = Number.MAX_SAFE_INTEGER;
const INPUT_DROPS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);

/** The schema's type alone (zod writes a nullable object as anyOf: [the object, null]). */
function typeOnly(node: Json): void {
  const anyOf = node['anyOf'];
  const type = Array.isArray(anyOf) ? [(anyOf[0] as Json)['type'], 'null'] : node['type'];
  for (const key of Object.keys(node)) delete node[key];
  node['type'] = type;
}

function compact(node: Json, io: 'input' | 'output'): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    // An enum says its type by its values.
    if (key === 'type' && Array.isArray(node['enum'])) continue;
    if (
      node['type'] === 'integer' &&
      /^m(in|ax)imum$/.test(key) &&
      Math.abs(value as number) === SAFE
    )
      continue;
    if (io === 'input' && INPUT_DROPS.has(key) && typeof value === 'number') continue;
    if (io === 'output' && key === 'additionalProperties' && value === false) continue;
    if (io === 'output' && key === 'required' && Array.isArray(value)) continue;
    // `properties` maps names to schemas: a field may be called `required`.
    out[key] = key === 'properties' ? fields(value as Json, io) : walk(value, io);
  }
  return out;
}

function fields(properties: Json, io: 'input' | 'output'): Json {
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, walk(schema, io)]),
  );
}

function walk(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, io));
  if (typeof value === 'object' && value !== null) return compact(value as Json, io);
  return value;
}
