// `healthdata sandbox`: the built-in API server in the foreground until Ctrl-C.
import { localDate } from '../../../lib/dates.ts';
import { UsageError } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';

export interface SandboxFlags {
  port: number;
  host: string;
  plan: string;
  today?: string;
  seed: number;
  scale: number;
  latency?: number;
  failRate?: number;
  rateLimit?: number;
  compress?: boolean;
  realistic?: boolean;
  notes?: boolean;
  users?: number;
  printKeys?: boolean;
}

/** Listed one per line on stderr at start-up up to this many; beyond, --print-keys lists them. */
const LISTED_USERS = 10;

export async function runSandbox(flags: SandboxFlags, ctx: Context): Promise<void> {
  const { startSandbox, sandboxUsers } = await import('../../../sandbox/index.ts');
  if (flags.printKeys === true) {
    if (flags.users === undefined) {
      throw new UsageError('--print-keys lists the keys of --users N: add --users', 'bad_usage');
    }
    // Deterministic from --seed: listed without starting a server, for a script to read.
    for (const user of sandboxUsers(flags.seed, flags.users)) {
      ctx.stdout.write(`${user.name}\t${user.apiKey}\n`);
    }
    return;
  }
  let sandbox;
  try {
    sandbox = await startSandbox({
      port: flags.port,
      host: flags.host,
      plan: flags.plan,
      seed: flags.seed,
      scale: flags.scale,
      today: flags.today ?? localDate(ctx.clock.now()),
      ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
      ...(flags.failRate !== undefined ? { failRate: flags.failRate } : {}),
      ...(flags.rateLimit !== undefined ? { rateLimit: flags.rateLimit } : {}),
      compress: flags.compress === true,
      realistic: flags.realistic === true,
      notes: flags.notes === true,
      ...(flags.users !== undefined ? { users: flags.users } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(
        `port ${flags.port} is in use — pick another with --port, or --port 0 for any free one`,
        'port_in_use',
      );
    }
    throw new UsageError((error as Error).message, 'bad_sandbox_option');
  }
  ctx.stderr.write(
    `healthdata sandbox: plan ${sandbox.plan}, today ${sandbox.today}, ${sandbox.rowCount} rows — Ctrl-C to stop\n`,
  );
  announceUsers(sandbox.users, flags, ctx);
  // The URL and the demo key are what the user came for, so they go to stdout, ready to paste
  // or eval. Bound to every address (0.0.0.0, ::), the sandbox is reached from here on
  // loopback — the one plain-http host healthdata accepts.
  const url = new URL(sandbox.url);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  const base = url.href.replace(/\/$/, '');
  ctx.stdout.write(
    `export HEALTHDATA_BASE_URL=${base}\nexport HEALTHDATA_API_KEY=${sandbox.apiKey}\n`,
  );
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  ctx.stderr.write('healthdata sandbox: stopped\n');
}

/** Each user's key on stderr (a few), or how to list them (many). */
function announceUsers(
  users: readonly { name: string; apiKey: string }[],
  flags: SandboxFlags,
  ctx: Context,
): void {
  if (users.length === 0) return;
  const say = (line: string): boolean => ctx.stderr.write(`healthdata sandbox: ${line}\n`);
  say(`${users.length} users, each with a key and data of their own (the demo key works too)`);
  if (users.length <= LISTED_USERS) {
    for (const user of users) say(`${user.name} ${user.apiKey}`);
  } else {
    say(
      `list their keys: healthdata sandbox --users ${users.length} --seed ${flags.seed} --print-keys`,
    );
  }
}
