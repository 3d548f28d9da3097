// The plan window as the tools report it, and the note for a `from` the API clamped. The
// window comes from the API's meta: its plan name is the API's text, so it is clipped and
// stays in its field; a history floor that is not a YYYY-MM-DD date is not a floor.
import type { Meta } from '../api/types.ts';
import { clipName, isIsoDate } from './fit/clip.ts';
import { warningNote } from './logging.ts';

export interface PlanWindow {
  plan: string;
  history_window_days: number | null;
  /** The earliest date the plan reaches; null when the API gives none (e.g. an unlimited plan). */
  history_floor: string | null;
  source_cap: number | null;
}

export function planWindow(meta: Meta | undefined): PlanWindow | null {
  if (meta === undefined) return null;
  return {
    plan: clipName(meta.plan),
    history_window_days: meta.history_window_days,
    history_floor: isIsoDate(meta.history_floor) ? meta.history_floor : null,
    source_cap: meta.source_cap,
  };
}

/** Set when the requested start lies before the history floor: the API starts at the floor. */
export interface Clamp {
  requested_from: string;
  effective_from: string;
}

export function clampOf(from: string | undefined, window: PlanWindow | null): Clamp | null {
  const floor = window?.history_floor ?? null;
  if (from === undefined || floor === null || from >= floor) return null;
  return { requested_from: from, effective_from: floor };
}

/** Dates only (checked, ours or YYYY-MM-DD), and the plan by its field: never the API's words. */
export function clampNote(clamp: Clamp, window: PlanWindow | null): string {
  const days =
    typeof window?.history_window_days === 'number' ? ` (${window.history_window_days} days)` : '';
  const plan = window ? ` of the plan named in \`window.plan\`${days}` : '';
  return warningNote(
    `from ${clamp.requested_from} was clamped to ${clamp.effective_from}, the history floor${plan}: no rows before it can be read.`,
  );
}
