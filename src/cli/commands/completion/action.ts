// `healthdata completion <shell>` prints the script; `healthdata __complete <kind>` (hidden) is
// what the script runs for metric and provider names.
import type { Command } from 'commander';
import { resolveSettings } from '../../../config/settings.ts';
import { listProfiles } from '../../../config/profiles.ts';
import { readConfig } from '../../../config/store.ts';
import type { Context } from '../../context.ts';
import { createNotices } from '../../notices.ts';
import type { ConnectionFlags } from '../../flags.ts';
import { connectClient, settingInputs } from '../../connect-client.ts';
import { bashScript, zshScript } from './bash.ts';
import { fishScript } from './fish.ts';
import { describe, withGlobalFlags, type DynamicKind } from './model.ts';
import { GLOBAL_FLAGS } from '../../global-flags.ts';
import {
  cacheDir,
  DEMO,
  namesFrom,
  readCache,
  whose,
  writeCache,
  type CatalogNames,
} from './names.ts';

export type Shell = 'bash' | 'zsh' | 'fish';

export function runCompletion(shell: Shell, program: Command, ctx: Context): void {
  const spec = withGlobalFlags(describe(program), GLOBAL_FLAGS);
  const script =
    shell === 'bash' ? bashScript(spec) : shell === 'zsh' ? zshScript(spec) : fishScript(spec);
  ctx.stdout.write(script);
}

/** A TAB should never wait long, nor print an error in the middle of the command line. */
const TIMEOUT_SECONDS = 3;

export async function runCompleteNames(
  kind: DynamicKind,
  flags: ConnectionFlags,
  ctx: Context,
): Promise<void> {
  const names =
    kind === 'profile'
      ? profileNames(ctx)
      : await catalogNames(flags, ctx).then(
          (all) => all?.[kind],
          () => undefined,
        );
  if (names) ctx.stdout.write(names.map((n) => `${n}\n`).join(''));
}

/** Profile names, from the config file: no request, so no cache either. */
function profileNames(ctx: Context): string[] | undefined {
  try {
    return listProfiles(readConfig(ctx.env));
  } catch {
    return undefined;
  }
}

async function catalogNames(
  flags: ConnectionFlags,
  ctx: Context,
): Promise<CatalogNames | undefined> {
  const now = ctx.clock.now();
  const dir = cacheDir(ctx.env);
  const person = flags.demo ? DEMO : whose(await resolveSettings(settingInputs(flags, ctx)));
  const cached = dir ? await readCache(dir, person, now) : undefined;
  if (cached) return cached;
  const names = await readCatalog(flags, ctx).catch(() => undefined);
  if (dir) await writeCache(dir, person, now, names).catch(() => undefined);
  return names;
}

async function readCatalog(flags: ConnectionFlags, ctx: Context): Promise<CatalogNames> {
  const quiet = createNotices(ctx.stderr, { quiet: true, verbose: false, interactive: false });
  const session = await connectClient(
    { ...flags, retries: 0, timeout: TIMEOUT_SECONDS, quiet: true },
    ctx,
    quiet,
    1,
  );
  try {
    const { body } = await session.client.getJson('api/v1/catalog', undefined, ctx.signal);
    return namesFrom(body);
  } finally {
    await session.close();
  }
}
