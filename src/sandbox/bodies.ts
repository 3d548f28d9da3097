import type { Meta } from '../api/types.ts';
import type { Dataset } from './dataset.ts';
import type { PlanSpec } from './plans.ts';
import type { ProviderSpec } from './providers.ts';
import type { SandboxPerson } from './users.ts';
import { formatDate } from './dates.ts';
import { hashString, mixSeed, mulberry32 } from './prng.ts';
import { byConnection } from './providers.ts';

// Bodies of the endpoints the spec leaves "not shown". They are fixed for the server's life
// (plan and today are fixed at start-up), so they are built once.

const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);

interface CatalogMetric {
  metric: string;
  unit: string | null;
  providers: string[];
  first: number;
  last: number;
  rows: number;
}

/** Distinct metrics (with unit, providers, date span, row count) and providers with rows. */
export function catalogBody(ds: Dataset, meta: Meta): object {
  const metrics = new Map<string, CatalogMetric>();
  const providers = new Map<string, { provider: string; kind: string; metrics: string[] }>();
  for (const s of ds.series) {
    if (s.firstDay === null || s.lastDay === null) continue;
    const m = metrics.get(s.metric);
    if (m) {
      m.providers.push(s.provider);
      m.first = Math.min(m.first, s.firstDay);
      m.last = Math.max(m.last, s.lastDay);
      m.rows += s.rows.length;
    } else {
      const { metric, unit, provider, firstDay: first, lastDay: last } = s;
      metrics.set(metric, {
        metric,
        unit,
        providers: [provider],
        first,
        last,
        rows: s.rows.length,
      });
    }
    const p = providers.get(s.provider) ?? { provider: s.provider, kind: s.kind, metrics: [] };
    p.metrics.push(s.metric);
    providers.set(s.provider, p);
  }
  return {
    metrics: [...metrics.values()]
      .sort((a, b) => (a.metric < b.metric ? -1 : 1))
      .map((m) => ({
        metric: m.metric,
        unit: m.unit,
        providers: m.providers.sort(byName),
        first_date: formatDate(m.first),
        last_date: formatDate(m.last),
        rows: m.rows,
      })),
    providers: [...providers.values()]
      .sort((a, b) => byName(a.provider, b.provider))
      .map((p) => ({ ...p, metrics: p.metrics.sort() })),
    meta,
  };
}

/** Sources in connection order; beyond the plan's cap they are listed as over_cap, unserved. */
export function sourcesBody(
  providers: readonly ProviderSpec[],
  plan: PlanSpec,
  today: number,
  seed: number,
  meta: Meta,
): object {
  return {
    data: byConnection(providers).map((p, i) => {
      const active = plan.sourceCap === null || i < plan.sourceCap;
      // A made-up sync time early this morning (UTC), fixed by the seed.
      const minute = Math.floor(
        mulberry32(mixSeed(seed, hashString(p.seedName ?? p.provider), today))() * 360,
      );
      const time = new Date(minute * 60_000).toISOString().slice(11, 16);
      return {
        provider: p.provider,
        kind: p.kind,
        status: active ? 'active' : 'over_cap',
        connected_at: formatDate(today - p.connectedDaysAgo),
        last_sync: active ? `${formatDate(today)}T${time}:00Z` : null,
        metrics: p.metrics.map((m) => m.metric).sort(),
        source_apps: [...p.sourceApps],
      };
    }),
    meta,
  };
}

/** The profile of `person`: whose key it is decides who the body says they are. */
export function profileBody(
  person: SandboxPerson,
  providers: readonly ProviderSpec[],
  planName: string,
  plan: PlanSpec,
  today: number,
  meta: Meta,
): object {
  const oldest = Math.max(...providers.map((p) => p.connectedDaysAgo));
  const cap = plan.sourceCap;
  return {
    user: {
      ...person,
      timezone: 'Europe/Amsterdam',
      units: 'metric',
      member_since: formatDate(today - oldest - 1),
    },
    plan: {
      name: planName,
      description: plan.description,
      history_window_days: plan.historyWindowDays,
      history_floor: meta.history_floor,
      source_cap: cap,
      sources_connected: providers.length,
      sources_active: cap === null ? providers.length : Math.min(cap, providers.length),
    },
    meta,
  };
}
