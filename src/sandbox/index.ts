import type { AddressInfo } from 'node:net';
import type { SandboxRequest } from './server.ts';
import type { SandboxOptions } from './options.ts';
import { createServer } from 'node:http';
import { catalogBody, profileBody, sourcesBody } from './bodies.ts';
import { CursorCodec } from './cursor.ts';
import { buildDataset } from './dataset.ts';
import { formatDate } from './dates.ts';
import { openApiDocument } from './openapi.ts';
import { resolveOptions } from './options.ts';
import { historyFloor, planMeta } from './plans.ts';
import { activeProviders, PROVIDERS } from './providers.ts';
import { withNotes } from './notes.ts';
import { realisticProviders } from './realistic.ts';
import { createRouter, type Tenant } from './router.ts';
import { attachHandler } from './server.ts';
import { authorizer } from './tenants.ts';
import {
  DEMO_PERSON,
  sandboxUsers,
  userPerson,
  userSeed,
  type SandboxPerson,
  type SandboxUser,
} from './users.ts';

export type { SandboxOptions } from './options.ts';
export type { SandboxRequest } from './server.ts';
export { REQUEST_LOG_LIMIT } from './server.ts';
export type { PlanSpec } from './plans.ts';
export { DEMO_API_KEY, MAX_SCALE } from './options.ts';
export { PLANS, DEFAULT_PLAN } from './plans.ts';
export { MAX_USERS, sandboxUsers, type SandboxUser } from './users.ts';

export interface Sandbox {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:54321 */
  url: string;
  apiKey: string;
  plan: string;
  /** The sandbox's today, YYYY-MM-DD. */
  today: string;
  /** Rows served to the demo key by /api/v1/metrics with no filters (all pages). */
  rowCount: number;
  /** With `users`: each user's name and key (the demo key works as well). */
  users: readonly SandboxUser[];
  /** What the server saw, oldest first; the last REQUEST_LOG_LIMIT requests. */
  requests: SandboxRequest[];
  /** Stops listening and drops open connections, keep-alive ones included. */
  close(): Promise<void>;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const o = resolveOptions(options);
  const shaped = o.realistic ? realisticProviders(PROVIDERS) : PROVIDERS;
  const all = o.notes ? withNotes(shaped) : shaped;
  const providers = activeProviders(all, o.plan.sourceCap);
  const meta = planMeta(o.planName, o.plan, o.today);
  const cursors = new CursorCodec();
  const tenant = (seed: number, person: SandboxPerson): Tenant => {
    const dataset = buildDataset({
      providers,
      today: o.today,
      floor: historyFloor(o.plan, o.today),
      seed,
      scale: o.scale,
    });
    return {
      dataset,
      meta: JSON.stringify(meta),
      cursors,
      catalog: json(catalogBody(dataset, meta)),
      sources: json(sourcesBody(all, o.plan, o.today, seed, meta)),
      profile: json(profileBody(person, all, o.planName, o.plan, o.today, meta)),
    };
  };
  const demo = tenant(o.seed, DEMO_PERSON);
  const users = sandboxUsers(o.seed, o.users);
  const authorize = authorizer(
    o.apiKey,
    demo,
    new Map(users.map((u) => [u.apiKey, u.index])),
    (index) => tenant(userSeed(o.seed, index), userPerson(o.seed, index)),
  );

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      // Keep the errno code (EADDRINUSE...) so callers can explain it their own way.
      const message = `sandbox: cannot listen on ${o.host}:${o.port}: ${err.message}`;
      reject(Object.assign(new Error(message, { cause: err }), { code: err.code }));
    });
    server.listen(o.port, o.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;

  const router = createRouter(json(openApiDocument(url)), authorize);
  const requests: SandboxRequest[] = [];
  const handler = attachHandler(server, router, o, requests);

  let closing: Promise<void> | undefined;
  return {
    url,
    apiKey: o.apiKey,
    plan: o.planName,
    today: formatDate(o.today),
    rowCount: demo.dataset.rowCount,
    users,
    requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        handler.cancelPending();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
