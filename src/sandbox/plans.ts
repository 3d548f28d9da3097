import type { Meta } from '../api/types.ts';
import { formatDate } from './dates.ts';

export interface PlanSpec {
  /** Days of history served, today included; null = all history. */
  historyWindowDays: number | null;
  /** How many connected sources are served; null = all of them. */
  sourceCap: number | null;
  description: string;
}

export const PLANS: Readonly<Record<string, PlanSpec>> = {
  free: { historyWindowDays: 30, sourceCap: 2, description: '30 days of history, 2 sources' },
  basic: { historyWindowDays: 90, sourceCap: 3, description: '90 days of history, 3 sources' },
  pro: { historyWindowDays: 365, sourceCap: 10, description: '365 days of history, 10 sources' },
  unlimited: { historyWindowDays: null, sourceCap: null, description: 'all history, all sources' },
};

export const DEFAULT_PLAN = 'pro';

/** The earliest day number the plan reaches: the window counts today as its first day. */
export function historyFloor(plan: PlanSpec, today: number): number | null {
  return plan.historyWindowDays === null ? null : today - (plan.historyWindowDays - 1);
}

export function planMeta(name: string, plan: PlanSpec, today: number): Meta {
  const floor = historyFloor(plan, today);
  return {
    plan: name,
    history_window_days: plan.historyWindowDays,
    history_floor: floor === null ? null : formatDate(floor),
    source_cap: plan.sourceCap,
  };
}
