// A list from the API (catalog entries, sources), from `offset` on, cut to a budget of bytes:
// the tool's answer then says where it stopped, and `offset` is how the model asks for more.
import * as z from 'zod';
import { boundArray } from './bound-json.ts';
import { MAX_TEXT_CHARS } from './clip.ts';

export interface FittedList {
  items: unknown[];
  /** Items in the whole list. */
  total: number;
  /** The offset to ask for the items after these; null when none are left. */
  next: number | null;
  bytes: number;
  /** True when anything was cut (items left out, or a string or item cut short). */
  cut: boolean;
}

export function fitList(list: readonly unknown[], offset: number, budget: number): FittedList {
  const rest = offset === 0 ? list : list.slice(offset);
  const bounded = boundArray(rest, budget);
  const items = (bounded.value as unknown[] | undefined) ?? [];
  const end = offset + items.length;
  return {
    items,
    total: list.length,
    next: end < list.length ? end : null,
    bytes: bounded.value === undefined ? 2 : bounded.bytes,
    cut: bounded.cut,
  };
}

export const offsetField = (what: string) =>
  z
    .number()
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be 0 or more' })
    .max(1_000_000, { error: 'offset must be at most 1000000' })
    .optional()
    .describe(`${what} to skip, as a cut answer's notes say.`);

/** The note for a list cut to the cap (or read from an offset), with how to read on. Numbers only. */
export function listCutNote(
  field: string,
  tool: string,
  fitted: FittedList,
  offset: number,
  cap: number,
): string {
  const shown = fitted.items.length;
  const range = shown === 0 ? 'none' : `items ${offset} to ${offset + shown - 1}`;
  const why = fitted.cut
    ? `: the answer is capped at ${cap} bytes, and strings longer than ${MAX_TEXT_CHARS} characters end in a '…[cut by healthdata: N more characters]' marker (only a first item too large for the answer is cut short)`
    : '';
  const more =
    fitted.next === null
      ? ''
      : ` Call ${tool} again with offset: ${fitted.next} for the next ones.`;
  return `\`${field}\` holds ${range} of ${fitted.total}${why}.${more}`;
}
