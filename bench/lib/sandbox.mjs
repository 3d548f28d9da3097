// The sandbox runs as its own process (as a user would run it), so its CPU use shows up as
// competition on the same machine rather than inside the measured client.
import { get } from 'node:http';
import { killGroup, start } from './proc.mjs';

// Measured with --today 2026-11-22, seed 1: rows ≈ BASE + PER_SCALE × scale (scale 1 = 66,391,
// scale 7 = 296,794, scale 26 = 1,026,421). Only a first guess: the reported count decides.
const BASE_ROWS = 28_000;
const PER_SCALE_ROWS = 38_400;
const MAX_SCALE = 100;

export function guessScale(minRows) {
  const s = Math.ceil((minRows - BASE_ROWS) / PER_SCALE_ROWS);
  return Math.min(MAX_SCALE, Math.max(1, s));
}

/**
 * Starts `healthdata sandbox` and resolves once it has printed its URL, key and row count.
 * Generating the data can take a while at large scales, hence the generous timeout.
 */
export async function startSandbox({
  node,
  bin,
  env,
  scale,
  latency,
  today,
  log,
  compress,
  realistic,
  notes,
}) {
  const args = [bin, 'sandbox', '--port', '0', '--plan', 'unlimited', '--scale', String(scale)];
  args.push('--today', today);
  if (latency) args.push('--latency', String(latency));
  if (compress) args.push('--compress');
  if (realistic) args.push('--realistic');
  if (notes) args.push('--notes');
  log(
    `sandbox: starting scale ${scale}${latency ? `, latency ${latency} ms` : ''}${compress ? ', gzip' : ''}${realistic ? ', realistic' : ''}${notes ? ', notes' : ''}…`,
  );
  const proc = start(node, args, { env, captureStdout: true, stopSignal: 'SIGINT' });
  const timeoutMs = 60_000 + 15_000 * scale;
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  proc.done.then(() => (exited = true));
  for (;;) {
    const { stdout, stderr } = proc.output();
    const url = /^(?:export )?HEALTHDATA_BASE_URL=(\S+)$/m.exec(stdout)?.[1];
    const key = /^(?:export )?HEALTHDATA_API_KEY=(\S+)$/m.exec(stdout)?.[1];
    const rows = /([\d,]+) rows/.exec(stderr)?.[1];
    if (url && key && rows) {
      const sandbox = {
        url,
        key,
        rows: Number(rows.replace(/,/g, '')),
        scale,
        latency,
        compress,
        realistic,
      };
      sandbox.stop = () => stopSandbox(proc);
      log(`sandbox: ${sandbox.rows} rows at ${url}`);
      return sandbox;
    }
    if (exited || Date.now() > deadline) {
      killGroup(proc.child, 'SIGKILL');
      const why = exited ? 'exited' : `not ready after ${timeoutMs / 1000} s`;
      throw new Error(`sandbox ${why}:\n${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGINT is the sandbox's documented stop (Ctrl-C); SIGKILL only if it does not listen. */
async function stopSandbox(proc) {
  killGroup(proc.child, 'SIGINT');
  const timer = setTimeout(() => killGroup(proc.child, 'SIGKILL'), 5000);
  await proc.done;
  clearTimeout(timer);
}

/**
 * A sandbox with at least minRows rows. If the first guess falls short (the generator changed),
 * it retries with a larger scale, a bounded number of times.
 */
export async function sandboxWithRows(minRows, opts) {
  let scale = guessScale(minRows);
  for (let attempt = 0; attempt < 5; attempt++) {
    const sb = await startSandbox({ ...opts, scale });
    if (sb.rows >= minRows || scale >= MAX_SCALE) return sb;
    await sb.stop();
    // rows/scale overstates the per-scale growth (there is a fixed part), so this undershoots
    // at worst; the +1 guarantees progress.
    const next = Math.max(scale + 1, Math.ceil((minRows * scale) / sb.rows));
    opts.log(`sandbox: ${sb.rows} rows < ${minRows}; retrying at scale ${next}`);
    scale = Math.min(MAX_SCALE, next);
  }
  throw new Error(`could not reach ${minRows} rows`);
}

export function getJson(sandbox, path) {
  return new Promise((resolve, reject) => {
    const req = get(
      new URL(path, sandbox.url),
      { headers: { authorization: `Bearer ${sandbox.key}` }, timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (s) => (body += s));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
          else resolve(JSON.parse(body));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: timeout`)));
    req.on('error', reject);
  });
}

/**
 * A second sandbox like `sb` (its scale and data mode) whose today is the day after `today`:
 * the next day of a nightly sync.
 */
export function startNextDaySandbox(ctx, sb, today, env) {
  const next = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return startSandbox({
    node: ctx.node,
    bin: ctx.bin,
    env,
    scale: sb.scale,
    latency: 0,
    compress: false,
    realistic: sb.realistic,
    notes: sb.notes,
    today: next,
    log: ctx.log,
  });
}
