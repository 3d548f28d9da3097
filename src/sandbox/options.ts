import type { PlanSpec } from './plans.ts';
import { localToday, parseDate } from './dates.ts';
import { DEFAULT_PLAN, PLANS } from './plans.ts';
import { MAX_USERS } from './users.ts';

// `| undefined` everywhere so a caller can forward its own optional values unchanged.
export interface SandboxOptions {
  /** Default 0: an ephemeral port. */
  port?: number | undefined;
  /** Default '127.0.0.1'. */
  host?: string | undefined;
  /** A key of PLANS; default 'pro'. */
  plan?: string | undefined;
  /** YYYY-MM-DD; default the local calendar date when the sandbox starts. */
  today?: string | undefined;
  /** Seeds the data and the failure stream; default 1. */
  seed?: number | undefined;
  /** Integer 1..MAX_SCALE multiplying the streamed samples per day; default 1. */
  scale?: number | undefined;
  /** Delay before every response. */
  latencyMs?: number | undefined;
  /** Fraction 0..1 of requests answered 503. */
  failRate?: number | undefined;
  /** Requests allowed per second; the excess gets 429 with Retry-After. */
  rateLimit?: number | undefined;
  /** Default DEMO_API_KEY. */
  apiKey?: string | undefined;
  /** gzip replies for clients whose Accept-Encoding allows it; default false. */
  compress?: boolean | undefined;
  /** Data as real APIs send it: full-precision doubles, non-ASCII names (realistic.ts). */
  realistic?: boolean | undefined;
  /** One row in eight a free-text note CSV must quote (notes.ts). */
  notes?: boolean | undefined;
  /** 0..MAX_USERS people, each with a key and data of their own (users.ts); default 0. */
  users?: number | undefined;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  planName: string;
  plan: PlanSpec;
  today: number;
  seed: number;
  scale: number;
  latencyMs: number;
  failRate: number;
  rateLimit: number | null;
  apiKey: string;
  compress: boolean;
  realistic: boolean;
  notes: boolean;
  users: number;
}

/** Prefix `phd_`, live marker `live_`, like a dashboard key, but plainly a sandbox one. */
export const DEMO_API_KEY = 'phd_live_sandbox_demo_0123456789abcdef';
export const MAX_SCALE = 100;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`sandbox: ${message}`);
}

const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

export function resolveOptions(o: SandboxOptions = {}, now: Date = new Date()): ResolvedOptions {
  const { port = 0, host = '127.0.0.1', plan = DEFAULT_PLAN, seed = 1, scale = 1 } = o;
  const { latencyMs = 0, failRate = 0, rateLimit, apiKey = DEMO_API_KEY, compress = false } = o;
  const { users = 0 } = o;
  check(
    isInt(port) && port >= 0 && port <= 65535,
    `port must be an integer from 0 to 65535, got ${show(port)}`,
  );
  check(typeof host === 'string' && host !== '', 'host must be a non-empty string');
  const spec = Object.hasOwn(PLANS, plan) ? PLANS[plan] : undefined;
  check(
    spec !== undefined,
    `unknown plan ${show(plan)} (valid plans: ${Object.keys(PLANS).join(', ')})`,
  );
  const today = o.today === undefined ? localToday(now) : parseDate(o.today);
  check(today !== undefined, `today must be a calendar date as YYYY-MM-DD, got ${show(o.today)}`);
  check(isInt(seed), `seed must be an integer, got ${show(seed)}`);
  check(
    isInt(scale) && scale >= 1 && scale <= MAX_SCALE,
    `scale must be an integer from 1 to ${MAX_SCALE}, got ${show(scale)}`,
  );
  check(
    isNum(latencyMs) && latencyMs >= 0,
    `latencyMs must be a number of milliseconds >= 0, got ${show(latencyMs)}`,
  );
  check(
    isNum(failRate) && failRate >= 0 && failRate <= 1,
    `failRate must be a number from 0 to 1, got ${show(failRate)}`,
  );
  check(
    rateLimit === undefined || (isInt(rateLimit) && rateLimit >= 1),
    `rateLimit must be an integer >= 1 (requests per second), got ${show(rateLimit)}`,
  );
  check(
    typeof apiKey === 'string' && /^[\x21-\x7e]+$/.test(apiKey),
    'apiKey must be non-empty printable ASCII without spaces',
  );
  check(typeof compress === 'boolean', `compress must be true or false, got ${show(compress)}`);
  const { realistic = false } = o;
  check(typeof realistic === 'boolean', `realistic must be true or false, got ${show(realistic)}`);
  const { notes = false } = o;
  check(typeof notes === 'boolean', `notes must be true or false, got ${show(notes)}`);
  check(
    isInt(users) && users >= 0 && users <= MAX_USERS,
    `users must be an integer from 0 to ${MAX_USERS}, got ${show(users)}`,
  );
  return {
    port,
    host,
    planName: plan,
    plan: spec as PlanSpec,
    today: today as number,
    seed,
    scale,
    latencyMs,
    failRate,
    rateLimit: rateLimit ?? null,
    apiKey,
    compress,
    realistic,
    notes,
    users,
  };
}
