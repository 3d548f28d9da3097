// `healthdata sync DIR --format fhir`: a FHIR Bulk Data layout per person, in
// `DIR/profile=NAME/` (as a Parquet dataset has a folder each): `Patient.ndjson`,
// `Observation.ndjson` and `manifest.json` (src/fhir/bulk.ts). The rows are kept by the one
// sync engine in a flat NDJSON target beside them, `.rows.ndjson` (overlap re-fetch, history
// kept past the window, atomic, the lock), and the FHIR files are derived from all held rows
// through the one daily rule (src/daily, as `healthdata daily` shows each value) on every run:
// a file is rewritten, atomically, only when its text changed, and the manifest last, so a run
// killed between two files leaves the next run to finish the job.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MetricRow } from '../../../api/types.ts';
import { dailyRows, shownRow, summarize } from '../../../daily/index.ts';
import { bulkFiles, manifestLists, manifestOf, MANIFEST } from '../../../fhir/bulk.ts';
import { apiUrl, type Patient } from '../../../fhir/patient.ts';
import { HealthdataError, UsageError } from '../../../lib/errors.ts';
import { thisProcess } from '../../../lib/pid.ts';
import { visible } from '../../../lib/visible.ts';
import { atomicFile } from '../../../output/atomic-file.ts';
import { describeSync } from '../../../sync/engine.ts';
import { removeLeftovers } from '../../../sync/leftovers.ts';
import { checkDatasetDir, unmakeDatasetDir } from '../../../sync/preflight.ts';
import { personFolder } from '../../../sync/renamed-folders.ts';
import { checkSettingsOwner, connectClient } from '../../connect-client.ts';
import type { Context } from '../../context.ts';
import { fhirExport } from '../../fhir-export.ts';
import type { Notices } from '../../notices.ts';
import { choosePeople } from './people.ts';
import { oneProfile, openSource, syncFileTarget, type SyncFlags } from './source.ts';
import { lockDatasetFolder } from './target-lock.ts';

/** The rows of a person, as `sync` keeps an NDJSON file (hidden: not a Bulk Data file). */
export const ROWS_FILE = '.rows.ndjson';

export async function runFhirSync(
  dir: string,
  from: string | undefined,
  flags: SyncFlags,
  ctx: Context,
  notices: Notices,
): Promise<void> {
  if (flags.parallel !== undefined) {
    throw new UsageError('--parallel is for a Parquet dataset (--format parquet)', 'bad_usage');
  }
  const chosen = choosePeople(flags, ctx);
  const flagsOf = (name: string) => oneProfile(flags, chosen.profiles ? name : undefined);
  if (chosen.names.length === 1) await checkSettingsOwner(flagsOf(chosen.names[0] ?? ''), ctx);
  const locked = await lockDatasetFolder(dir, flags, ctx);
  const real = locked.real;
  ctx.tuneForStreaming?.();
  let synced = 0;
  try {
    const failures: { name: string; error: unknown }[] = [];
    for (const name of chosen.names) {
      try {
        await syncPerson(name, dir, real, flagsOf(name), { flags, from }, ctx, notices);
        synced++;
      } catch (error) {
        // One person's failure is named and the others go on (as a Parquet dataset's); a
        // cancelled run stops.
        if (ctx.signal.aborted || chosen.names.length === 1) throw error;
        failures.push({ name, error });
      }
    }
    if (failures.length === 0) return;
    for (const { name, error } of failures) {
      const line = `healthdata: error: profile ${name}: ${visible(error instanceof Error ? error.message : String(error))}\n`;
      ctx.stderr.write(ctx.secrets?.redact(line) ?? line);
    }
    const names = failures.map((f) => f.name).join(', ');
    const all = chosen.names.length;
    throw new HealthdataError(
      'dataset_incomplete',
      failures.length === all
        ? `all ${all} profiles failed (${names}); nothing was synced`
        : `${failures.length} of ${all} profiles failed (${names}); the others are synced`,
      'failure',
    );
  } finally {
    await locked.release(synced > 0);
  }
}

/** One person: their rows by the sync engine, then their FHIR files from all rows held. */
async function syncPerson(
  name: string,
  dir: string,
  real: string,
  personFlags: ReturnType<typeof oneProfile>,
  { flags, from }: { flags: SyncFlags; from: string | undefined },
  ctx: Context,
  notices: Notices,
): Promise<void> {
  const { real: folder, made } = await checkDatasetDir(join(real, personFolder(name)));
  try {
    await syncFolder(folder, name, dir, personFlags, { flags, from }, ctx, notices);
  } catch (error) {
    if (made) await unmakeDatasetDir(folder);
    throw error;
  }
}

async function syncFolder(
  folder: string,
  name: string,
  dir: string,
  personFlags: ReturnType<typeof oneProfile>,
  { flags, from }: { flags: SyncFlags; from: string | undefined },
  ctx: Context,
  notices: Notices,
): Promise<void> {
  const shown = join(dir, personFolder(name));
  const rows = join(folder, ROWS_FILE);
  for (const left of await removeLeftovers(rows, rows, thisProcess))
    notices.warn(`removed ${join(shown, left)}, left by an interrupted sync`);
  const source = await openSource(personFlags, ctx, notices);
  try {
    const run = { flags, from, ctx, notices };
    const result = await syncFileTarget(source, { path: rows, format: 'ndjson' }, run);
    const { patient, request } = await personOf(personFlags, ctx, notices);
    const rewritten = await writeBulk(folder, patient, request, await heldRows(rows), ctx);
    if (!flags.quiet) {
      const files = rewritten.length === 0 ? 'unchanged' : `rewritten: ${rewritten.join(', ')}`;
      const line = `healthdata: ${visible(describeSync(shown, result))}; FHIR files ${files}\n`;
      ctx.stderr.write(ctx.secrets?.redact(line) ?? line);
    }
    source.finish(result);
  } finally {
    await source.close();
  }
}

/** The person's Patient (from the API's profile, fhir-export.ts) and where their rows come from. */
async function personOf(flags: ReturnType<typeof oneProfile>, ctx: Context, notices: Notices) {
  const api = await connectClient(flags, ctx, notices, 1);
  try {
    const fhir = await fhirExport('fhir', api, true, notices, ctx.signal);
    if (fhir === undefined) throw new Error('fhirExport gave no Patient for -f fhir');
    return { patient: fhir.patient, request: `${apiUrl(api.client.baseUrl)}/api/v1/metrics` };
  } finally {
    await api.close();
  }
}

/** Every row the target holds (one JSON object a line, as the ndjson format writes them). */
async function heldRows(path: string): Promise<MetricRow[]> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const rows: MetricRow[] = [];
  for (const line of text.split('\n')) if (line !== '') rows.push(JSON.parse(line) as MetricRow);
  return rows;
}

/** Writes what differs from what is there; the names rewritten. */
async function writeBulk(
  folder: string,
  patient: Patient,
  request: string,
  rows: readonly MetricRow[],
  ctx: Context,
): Promise<string[]> {
  const values = dailyRows(await summarize([rows])).map(shownRow);
  const files = bulkFiles(patient, values);
  const urlOf = (name: string) => pathToFileURL(join(folder, name)).href;
  const rewritten: string[] = [];
  for (const file of files)
    if (await replaceIfChanged(join(folder, file.name), file.text)) rewritten.push(file.name);
  const manifest = join(folder, MANIFEST);
  const held = await readFile(manifest, 'utf8').catch(() => undefined);
  if (rewritten.length > 0 || !manifestLists(held, files, request, urlOf)) {
    const time = new Date(ctx.clock.now()).toISOString();
    await replaceIfChanged(manifest, manifestOf(files, time, request, urlOf));
    rewritten.push(MANIFEST);
  }
  return rewritten;
}

async function replaceIfChanged(path: string, text: string): Promise<boolean> {
  const held = await readFile(path, 'utf8').catch(() => undefined);
  if (held === text) return false;
  const mode = (await stat(path).catch(() => undefined))?.mode;
  const out = await atomicFile(path, mode);
  try {
    await out.write(text);
    await out.end();
  } catch (error) {
    await out.discard();
    throw error;
  }
  return true;
}
