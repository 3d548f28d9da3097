// A renamed profile's folder in a Parquet dataset: `config rename-profile alice p0001` leaves
// the data in `DIR/profile=alice`, and a sync that made `profile=p0001` beside it would count
// the person twice, one copy under the name the rename was meant to drop. So before anyone is
// synced, the folder of a former name moves to the current one: one rename(2) of the directory,
// atomic (a kill leaves it under one name or the other, never both, never half), then the
// dataset folder is fsynced so the move survives a power cut. Called under the dataset's lock.
import { rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDir } from './parquet/files.ts';

/** A person of the run: their current name and the names they had, oldest first. */
export interface RenamedPerson {
  name: string;
  formerNames: readonly string[];
}

export type FolderEvent =
  | { kind: 'moved'; person: string; from: string }
  /** Left alone: the person's data is in several folders, or a folder's name is in use. */
  | { kind: 'left'; person: string; folders: string[]; why: string };

export const personFolder = (name: string): string => `profile=${name}`;

/**
 * Moves each person's former folder to their name where that is unambiguous: no folder under
 * their name yet, exactly one former folder, and no current profile going by that former name.
 */
export async function moveRenamedFolders(
  dir: string,
  people: readonly RenamedPerson[],
  isProfile: (name: string) => boolean,
): Promise<FolderEvent[]> {
  const events: FolderEvent[] = [];
  for (const person of people) {
    const former: string[] = [];
    for (const name of new Set(person.formerNames)) {
      if (name !== person.name && (await isFolder(join(dir, personFolder(name))))) {
        former.push(name);
      }
    }
    if (former.length === 0) continue;
    const folders = former.map(personFolder);
    if (await isFolder(join(dir, personFolder(person.name)))) {
      events.push({ kind: 'left', person: person.name, folders, why: 'both exist' });
      continue;
    }
    if (former.length > 1) {
      events.push({ kind: 'left', person: person.name, folders, why: 'several former names' });
      continue;
    }
    const from = former[0] as string;
    if (isProfile(from)) {
      events.push({ kind: 'left', person: person.name, folders, why: 'name in use' });
      continue;
    }
    await rename(join(dir, personFolder(from)), join(dir, personFolder(person.name)));
    await syncDir(dir);
    events.push({ kind: 'moved', person: person.name, from });
  }
  return events;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
