// catalog, sources and profile: one GET each. The spec does not show their bodies, so the
// tools pass on whatever JSON comes back, with the plan window taken out of `meta`.
import { toMeta } from '../../api/pagination/page-body.ts';
import { isRecord } from '../../lib/json.ts';
import type { ToolDeps } from '../deps.ts';
import { planWindow, type PlanWindow } from '../window.ts';

export interface Document {
  /** The body without its `meta`, or the body itself when it is not an object. */
  body: unknown;
  window: PlanWindow | null;
}

export async function getDocument(
  deps: ToolDeps,
  endpoint: 'catalog' | 'sources' | 'profile',
  signal: AbortSignal,
): Promise<Document> {
  const client = await deps.client();
  const { body } = await client.getJson(`api/v1/${endpoint}`, undefined, signal);
  if (!isRecord(body)) return { body, window: null };
  const { meta, ...rest } = body;
  return { body: rest, window: planWindow(toMeta(meta)) };
}

/** The list a body is about: the body itself, or its `key` or `data` array. */
export function listIn(body: unknown, key: string): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  const list = body[key] ?? body['data'];
  return Array.isArray(list) ? list : undefined;
}

/** Top-level fields other than the ones a tool already gives its own place. */
export function otherFields(body: unknown, known: readonly string[]): Record<string, unknown> {
  if (!isRecord(body)) return body === undefined ? {} : { body };
  return Object.fromEntries(Object.entries(body).filter(([k]) => !known.includes(k)));
}
