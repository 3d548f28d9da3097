// One person's part of a Parquet dataset: `<dir>/year=YYYY/data.parquet`, one file per year.
// A sync reads back only the years it may change (those from the first replaced day on), and
// writes a year only when one of its days changed. Every new file is written under a temp name
// first (files.ts); only when the whole fetch has been merged are they renamed into place,
// oldest year first — so a sync killed between two renames leaves older years new and the
// newest old, and the next run, which starts from the newest day held, re-fetches them all.
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MetricRow } from '../../api/types.ts';
import { planDays, type HeldDay } from '../day-plan.ts';
import { rowFilter, type SyncFilters } from '../filters.ts';
import type { TargetStore } from '../target-store.ts';
import { isWriteFailure, WriteError } from '../../output/target/write-error.ts';
import { DATA_FILE, makeDir, readPartition, syncDir, unmakeDir, writeTemp } from './files.ts';
import { byDate } from './partition-days.ts';
import { rowIdentity } from '../row-identity.ts';
import { storedRow, utf8Text } from '../stored-text.ts';

const YEAR = /^year=(\d{4})$/;

interface Pending {
  year: string;
  /** The new file, or null when the year lost every row (its file is removed). */
  temp: string | null;
}

/** `dir` is the person's folder (`DIR/profile=NAME`); `label` names it in errors. */
export async function openParquetTarget(
  dir: string,
  label: string,
  filters: SyncFilters,
): Promise<TargetStore> {
  const owns = rowFilter(filters);
  const held = await heldYears(dir);
  const yearDir = (year: string): string => join(dir, `year=${year}`);
  const file = (year: string): string => join(yearDir(year), DATA_FILE);
  const pending: Pending[] = [];
  /** Folders this sync made (a new year's, a new person's): a failed sync leaves none. */
  const made: { dir: string; first: string }[] = [];
  const failed = (error: unknown): unknown =>
    isWriteFailure(error) ? new WriteError(label, error) : error;

  const discard = async (): Promise<void> => {
    for (const { temp } of pending.splice(0)) if (temp !== null) await rm(temp, { force: true });
    for (const { dir, first } of made.splice(0).reverse()) await unmakeDir(dir, first);
  };

  return {
    async newestDate(notAfter) {
      for (const year of held) {
        if (`${year}-01-01` > notAfter) continue;
        let newest: string | undefined;
        for (const row of await readPartition(file(year))) {
          if (row.date > notAfter || !owns(row.metric, row.provider)) continue;
          if (newest === undefined || row.date > newest) newest = row.date;
        }
        if (newest !== undefined) return newest;
      }
      return undefined;
    },

    async apply(days, replaceFrom) {
      const firstYear = replaceFrom?.slice(0, 4);
      // Only the years a replaced day may fall in are read, a year at a time.
      async function* heldDays(): AsyncGenerator<HeldDay<MetricRow>> {
        for (const year of held) {
          if (firstYear === undefined || year >= firstYear)
            yield* byDate(await readPartition(file(year)));
        }
      }
      const stored = (rows: readonly MetricRow[]): MetricRow[] =>
        rows.map((r) => storedRow(r, utf8Text));
      const plan = planDays(heldDays(), days, replaceFrom, {
        owns: (r) => owns(r.metric, r.provider),
        identity: rowIdentity,
        // As the file will hold them (stored-text.ts): UTF-8 has no lone surrogate.
        stored,
      });
      /** The year being merged: its rows after the sync, and whether one of its days changed. */
      let year: { year: string; rows: MetricRow[]; changed: boolean } | undefined;
      const flush = async (): Promise<void> => {
        if (year === undefined || !year.changed) return;
        if (year.rows.length === 0) {
          pending.push({ year: year.year, temp: null });
          return;
        }
        const dir = yearDir(year.year);
        const madeFrom = await makeDir(dir);
        if (madeFrom !== undefined) made.push({ dir, first: madeFrom });
        pending.push({ year: year.year, temp: await writeTemp(dir, year.rows) });
      };
      try {
        for await (const step of plan.steps) {
          const y = step.date.slice(0, 4);
          if (year?.year !== y) {
            await flush();
            year = { year: y, rows: [], changed: false };
          }
          if (step.action === 'keep') year.rows.push(...step.held);
          else {
            year.changed = true;
            year.rows.push(...(step.action === 'add' ? stored(step.sent) : step.rows));
          }
        }
        await flush();
      } catch (error) {
        await discard();
        throw failed(error);
      }
      return { counts: plan.counts, written: pending.length > 0 };
    },

    async close(ok) {
      if (!ok) return discard();
      try {
        pending.sort((a, b) => (a.year < b.year ? -1 : 1));
        while (pending.length > 0) {
          const { year, temp } = pending[0] as Pending;
          if (temp !== null) await rename(temp, file(year));
          else {
            await rm(file(year), { force: true });
            await rmdir(yearDir(year)).catch(() => undefined);
          }
          pending.shift();
          await syncDir(yearDir(year));
        }
        await syncDir(dir);
        // A person's folder made by this sync: its name in the dataset's folder too.
        await syncDir(dirname(dir));
      } catch (error) {
        await discard();
        throw failed(error);
      }
    },
  };
}

/** The years with a file, newest first. */
async function heldYears(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  });
  const years: string[] = [];
  for (const entry of entries) {
    const year = YEAR.exec(entry.name)?.[1];
    if (year === undefined || !entry.isDirectory()) continue;
    const files = await readdir(join(dir, entry.name));
    if (files.includes(DATA_FILE)) years.push(year);
  }
  return years.sort().reverse();
}
