// `healthdata config profiles | rename-profile | remove-profile`: the profiles themselves.
import { UsageError } from '../../../lib/errors.ts';
import {
  caseTwin,
  checkExistingName,
  checkNewProfileName,
  formerNameClash,
  formerOwner,
  isReservedName,
  NO_PROFILE_NAME,
  unknownProfile,
} from '../../../config/profiles.ts';
import { changeConfig } from '../../../config/change.ts';
import { openConfig, type ConfigStore } from '../../../config/store.ts';
import type { Context } from '../../context.ts';
import { caseClash } from './profile-target.ts';

export type ProfileAction = 'profiles' | 'rename-profile' | 'remove-profile';

export async function runProfileAction(
  action: ProfileAction,
  names: string[],
  ctx: Context,
): Promise<void> {
  const [first = '', second = ''] = names;
  // Names are checked before the file is opened: a bad name changes nothing. The profile to
  // change may have a name no longer allowed (`default`, `0001`): renaming it away is the fix.
  if (action !== 'profiles') checkExistingName(first, 'the command line');
  if (action === 'rename-profile') checkNewProfileName(second, 'the command line');
  if (action === 'profiles') {
    const store = await openConfig(ctx.env);
    const all = store.profileNames();
    // Names alone on stdout, for `for p in $(healthdata config profiles)`.
    if (all.length === 0) {
      ctx.stderr.write(
        `no profiles in ${store.path}; create one with 'healthdata config set api-key --profile NAME'\n`,
      );
    }
    for (const name of all) ctx.stdout.write(`${name}\n`);
    return;
  }
  // Checked and changed on the file as it is under the lock.
  const path = await changeConfig(ctx.env, ctx, (fresh) => {
    mustExist(fresh, first);
    if (action === 'remove-profile') {
      fresh.removeProfile(first);
      return fresh.path;
    }
    if (fresh.profile(second)) {
      throw new UsageError(
        `profile '${second}' exists — remove it first with 'healthdata config remove-profile ${second}', or pick another name`,
        'profile_exists',
      );
    }
    const twin = caseTwin(second, fresh);
    if (twin !== undefined && twin !== first) throw caseClash(second, twin);
    const owner = formerOwner(second, fresh, first);
    if (owner !== undefined) throw formerNameClash(second, owner);
    fresh.renameProfile(first, second);
    return fresh.path;
  });
  if (action === 'remove-profile') {
    ctx.stderr.write(`removed profile '${first}' from ${path}\n`);
    return;
  }
  ctx.stderr.write(`renamed profile '${first}' to '${second}' in ${path}\n`);
  if (isReservedName(first)) {
    // Its dataset syncs went to the folder of the settings without a profile: not its alone.
    ctx.stderr.write(
      `note: a dataset's profile=${NO_PROFILE_NAME} folder is the settings' without a profile and stays; the next sync of '${second}' starts profile=${second} afresh\n`,
    );
  }
}

function mustExist(store: ConfigStore, name: string): void {
  if (!store.profile(name)) throw unknownProfile(name, 'the command line', store);
}
