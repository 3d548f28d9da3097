// One alert per episode: a run of flagged days of one metric and provider, in one direction, on
// consecutive days, told once with its latest day; a day that continues an episode already
// told is marked, not sent (src/output/notify/episodes.ts).
import { describe, expect, it } from 'vitest';
import { alertKey, type Alert } from '../../src/output/notify/alert.ts';
import { planAlerts } from '../../src/output/notify/episodes.ts';

function day(date: string, direction: 'high' | 'low' = 'high', metric = 'rhr'): Alert {
  return {
    metric,
    provider: 'P',
    date,
    value: 70,
    unit: 'bpm',
    baseline: 57,
    baseline_days: 28,
    z: 5,
    direction,
    message: `${metric} on ${date}.`,
  };
}

describe('alert episodes', () => {
  it('tells a run of consecutive days once, with its latest day and since when', () => {
    const days = ['2026-11-19', '2026-11-20', '2026-11-21'].map((d) => day(d));
    const plan = planAlerts(days, '2026-11-15', new Set());
    expect(plan.send).toHaveLength(1);
    expect(plan.send[0]?.alert).toMatchObject({ date: '2026-11-21', since: '2026-11-19', days: 3 });
    expect(plan.send[0]?.alert.message).toBe(
      'rhr on 2026-11-21. It has been so every day since 2026-11-19 (3 days).',
    );
    expect(plan.send[0]?.covers).toEqual(days.map(alertKey));
    expect(plan.known).toEqual([]);
  });

  it('a day that continues an episode already told is marked, not sent', () => {
    const told = new Set([alertKey(day('2026-11-21'))]);
    const plan = planAlerts([day('2026-11-21'), day('2026-11-22')], '2026-11-21', told);
    expect(plan.send).toEqual([]);
    expect(plan.known).toEqual([alertKey(day('2026-11-22'))]);
  });

  it('a gap, the other direction or another metric is an episode of its own', () => {
    const alerts = [
      day('2026-11-18'),
      day('2026-11-20'),
      day('2026-11-21', 'low'),
      day('2026-11-21', 'high', 'hrv'),
    ];
    const plan = planAlerts(alerts, '2026-11-15', new Set());
    expect(plan.send.map((e) => [e.alert.metric, e.alert.date, e.alert.days])).toEqual([
      ['rhr', '2026-11-18', 1],
      ['rhr', '2026-11-20', 1],
      ['rhr', '2026-11-21', 1],
      ['hrv', '2026-11-21', 1],
    ]);
    // A single day keeps its message as it is.
    expect(plan.send[0]?.alert.message).toBe('rhr on 2026-11-18.');
  });

  it("leaves out days before the destination's start", () => {
    const plan = planAlerts([day('2026-11-10'), day('2026-11-20')], '2026-11-15', new Set());
    expect(plan.send.map((e) => e.alert.date)).toEqual(['2026-11-20']);
  });
});
