// The plan window as the tools report it, and the note for a `from` the API clamped.
import type { Meta } from '../api/types.ts';

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
    plan: meta.plan,
    history_window_days: meta.history_window_days,
    history_floor: meta.history_floor,
    source_cap: meta.source_cap,
  };
}

/** Set when the requested start lies before the history floor: the API starts at the floor. */
export interface Clamp {
  requested_from: string;
  effective_from: string;
}

export function clampOf(from: string | undefined, meta: Meta | undefined): Clamp | null {
  const floor = meta?.history_floor ?? null;
  if (from === undefined || floor === null || from >= floor) return null;
  return { requested_from: from, effective_from: floor };
}

export function clampNote(clamp: Clamp, window: PlanWindow | null): string {
  const days =
    window?.history_window_days === null || window === null
      ? ''
      : ` (${window.history_window_days} days)`;
  const plan = window ? ` of the ${window.plan} plan${days}` : '';
  return `from ${clamp.requested_from} was clamped to ${clamp.effective_from}, the history floor${plan}: no rows before it can be read.`;
}
