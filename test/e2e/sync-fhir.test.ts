// `sync DIR --format fhir`: a FHIR Bulk Data layout per person (DIR/profile=NAME: Patient.ndjson,
// Observation.ndjson, manifest.json over the rows kept in .rows.ndjson). Two people from a
// multi-user sandbox; the Observations are `daily -f fhir`'s of the same days, all valid; a
// run that changes nothing touches no file; a later day adds its days and keeps those that
// left the window; a sync killed at file-changing syscalls recovers on the next run.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { tempDir } from '../helpers/cli.ts';
import { ndjsonResources } from '../helpers/fhir-output.ts';
import { fhirProblems } from '../helpers/fhir-validators.ts';
import {
  haveStrace,
  killed,
  killPoints,
  pool,
  spread,
  traceCli,
  type KillPoint,
} from '../helpers/kill-sweep.ts';
import { spawnCli } from '../helpers/spawn.ts';
import { hd, META, send, startServer } from '../helpers/test-server.ts';

// The free plan's 30 days; DAY_B's window has moved on by five days.
const DAY_A = '2026-11-10';
const DAY_B = '2026-11-15';
const REVOKED = 'phd_live_sandbox_user9_0000000000000000';
const FILES = ['.rows.ndjson', 'Observation.ndjson', 'Patient.ndjson', 'manifest.json'];

const sandboxes: Partial<Record<string, Sandbox>> = {};
const configs: Partial<Record<string, string>> = {};
beforeAll(async () => {
  for (const today of [DAY_A, DAY_B]) {
    const s = await startSandbox({ today, plan: 'free', users: 2 });
    sandboxes[today] = s;
    const dir = tempDir();
    const profiles = Object.fromEntries(
      s.users.map((u) => [u.name, { 'api-key': u.apiKey, 'base-url': s.url }]),
    );
    profiles['revoked'] = { 'api-key': REVOKED, 'base-url': s.url };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
    configs[today] = dir;
  }
});
afterAll(async () => {
  for (const s of Object.values(sandboxes)) await s?.close();
});

const envOf = (today: string): Record<string, string> => ({
  HEALTHDATA_CONFIG_DIR: configs[today] as string,
  HOME: configs[today] as string,
  HEALTHDATA_TODAY: today,
});
const SYNC = (dir: string) => ['sync', dir, '--format', 'fhir', '--profile', 'user1,user2'];

async function syncOk(dir: string, today: string) {
  const run = await spawnCli(SYNC(dir), { env: envOf(today) });
  expect(run.code, run.stderr).toBe(0);
  return run.stderr;
}

const person = (dir: string, name: string) => join(dir, `profile=${name}`);
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const stamp = (path: string) => {
  const s = statSync(path);
  return `${s.ino} ${s.mtimeMs}`;
};
/**
 * A person's files, the manifest's transactionTime (a recovered run writes its own) and the
 * folder in its file: URLs set aside.
 */
const contentOf = (folder: string) =>
  FILES.map((f) =>
    read(folder, f)
      .replace(/"transactionTime": "[^"]*"/, '"transactionTime"')
      .replaceAll(`file://${folder}/`, 'file://FOLDER/'),
  );

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

describe('sync --format fhir', () => {
  it('writes a Bulk Data layout per person: valid, and daily -f fhir of the same days', async () => {
    const dir = join(tempDir(), 'fhir');
    const said = await syncOk(dir, DAY_A);
    const top = readdirSync(dir).filter((n) => !n.includes('sync-lock'));
    expect(top.sort()).toEqual(['profile=user1', 'profile=user2']);
    const ids = new Set<string>();
    for (const name of ['user1', 'user2']) {
      const folder = person(dir, name);
      expect(said).toContain(`synced ${folder}: `);
      expect(readdirSync(folder).sort()).toEqual([...FILES].sort());
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      for (const f of FILES) expect(statSync(join(folder, f)).mode & 0o777).toBe(0o600);
      const manifest = JSON.parse(read(folder, 'manifest.json')) as Manifest;
      const patients = ndjsonResources(read(folder, 'Patient.ndjson'));
      const observations = ndjsonResources(read(folder, 'Observation.ndjson'));
      expect(manifest).toEqual({
        transactionTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        request: `${sandboxes[DAY_A]?.url}/api/v1/metrics`,
        requiresAccessToken: false,
        output: [
          { type: 'Patient', url: `file://${folder}/Patient.ndjson`, count: 1 },
          {
            type: 'Observation',
            url: `file://${folder}/Observation.ndjson`,
            count: observations.length,
          },
        ],
        error: [],
      });
      expect(patients).toHaveLength(1);
      ids.add(patients[0]?.id ?? '');
      // Validated once per metric, provider and basis: a month of values, a few seconds.
      const seen = new Set<string>();
      for (const o of [...patients, ...observations]) {
        const subject: unknown = o['subject'];
        if (o.resourceType === 'Observation')
          expect(subject).toStrictEqual({ reference: `Patient/${patients[0]?.id}` });
        const key = JSON.stringify([
          o['code'],
          o['device'],
          o['extension'],
          (o['valueQuantity'] as { unit?: string } | undefined)?.unit,
        ]);
        if (seen.has(key)) continue;
        seen.add(key);
        expect(fhirProblems(o)).toEqual([]);
      }
      // The same Observations as `daily -f fhir` of the days held.
      const first = observations.map((o) => String(o['effectiveDateTime'])).sort()[0] ?? '';
      const daily = await spawnCli(['daily', '--profile', name, '--from', first, '-f', 'fhir'], {
        env: envOf(DAY_A),
      });
      expect(daily.code, daily.stderr).toBe(0);
      expect(read(folder, 'Observation.ndjson').split('\n').sort()).toEqual(
        daily.stdout.split('\n').sort(),
      );
    }
    // Each sandbox person has a profile of their own (a user id per key): a Patient each.
    expect(ids.size).toBe(2);
  }, 60_000);

  it('a run that changes nothing rewrites no file; a later day adds its days and keeps the old', async () => {
    const dir = join(tempDir(), 'fhir');
    await syncOk(dir, DAY_A);
    const folder = person(dir, 'user1');
    const before = FILES.map((f) => stamp(join(folder, f)));
    const firstObservations = ndjsonResources(read(folder, 'Observation.ndjson'));
    const again = await syncOk(dir, DAY_A);
    expect(again).toMatch(/FHIR files unchanged/);
    expect(FILES.map((f) => stamp(join(folder, f)))).toEqual(before);

    await syncOk(dir, DAY_B);
    const later = ndjsonResources(read(folder, 'Observation.ndjson'));
    const dates = (rs: typeof later) => rs.map((o) => String(o['effectiveDateTime'])).sort();
    // History past the window kept: the first day held is still DAY_A's first.
    expect(dates(later)[0]).toBe(dates(firstObservations)[0]);
    expect(dates(later).at(-1)).toBe(DAY_B);
    const manifest = JSON.parse(read(folder, 'manifest.json')) as Manifest;
    expect(manifest.output[1]?.count).toBe(later.length);
    expect(later.length).toBeGreaterThan(firstObservations.length);
  }, 60_000);

  it('names a person whose sync failed, and completes the others (exit 1)', async () => {
    const dir = join(tempDir(), 'fhir');
    const run = await spawnCli(['sync', dir, '--format', 'fhir', '--profile', 'revoked,user1'], {
      env: envOf(DAY_A),
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^healthdata: error: profile revoked: .*401/m);
    expect(run.stderr).toContain('1 of 2 profiles failed (revoked); the others are synced');
    expect(run.stderr).not.toContain(REVOKED);
    expect(readdirSync(person(dir, 'user1')).sort()).toEqual([...FILES].sort());
  }, 60_000);

  it('hostile rows from a loopback server: the same Observations as daily -f fhir, all valid', async () => {
    // A number past every double, a 20-digit integer, a control character and a bidi mark in a
    // provider, an empty text; and no profile (404): the Patient is the profile name's.
    const rows = [
      '{"date":"2026-11-19","provider":"P","metric":"steps","numValue":1e400,"textValue":null,"unit":"count","stream":false}',
      '{"date":"2026-11-18","provider":"P\\u0000\\u202e\\"}","metric":"heart_rate","numValue":12345678901234567890,"textValue":null,"unit":"bpm","stream":false}',
      '{"date":"2026-11-18","provider":"P","metric":"mood\\nx","numValue":null,"textValue":"","unit":null,"stream":false}',
    ];
    const server = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/api/v1/metrics')
        return send(
          res,
          200,
          `{"data":[${rows.join(',')}],"next_cursor":null,"meta":${JSON.stringify(META)}}`,
        );
      if (path === '/api/v1/catalog')
        return send(res, 200, JSON.stringify({ metrics: [], meta: META }));
      send(res, 404, '{"error":{"code":"not_found","message":"no"}}');
    });
    try {
      const dir = join(tempDir(), 'fhir');
      const synced = await hd(server.url, ['sync', dir, '--format', 'fhir']);
      expect(synced.code, synced.stderr).toBe(0);
      const folder = person(dir, 'default');
      const observations = read(folder, 'Observation.ndjson');
      const daily = await hd(server.url, [
        'daily',
        '--from',
        '2026-11-18',
        '-f',
        'fhir',
        '--with-patient',
      ]);
      expect(daily.code, daily.stderr).toBe(0);
      expect(read(folder, 'Patient.ndjson') + observations).toBe(daily.stdout);
      const resources = ndjsonResources(daily.stdout);
      expect(resources).toHaveLength(3);
      for (const r of resources) expect(fhirProblems(r)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  describe.skipIf(!haveStrace && process.env['CI'] === undefined)('killed', () => {
    it('at file-changing syscalls of a next-day sync: the next sync recovers to the same files', async () => {
      const base = join(tempDir(), 'fhir');
      await syncOk(base, DAY_A);
      const copy = async (to: string) => {
        for (const name of ['user1', 'user2'])
          await cp(person(base, name), person(to, name), { recursive: true });
      };
      const expectedDir = join(tempDir(), 'fhir');
      await copy(expectedDir);
      await syncOk(expectedDir, DAY_B);
      const expected = ['user1', 'user2'].map((n) => contentOf(person(expectedDir, n)));

      const logs = tempDir();
      const dryDir = join(tempDir(), 'fhir');
      await copy(dryDir);
      const dry = await traceCli(SYNC(dryDir), envOf(DAY_B), join(logs, 'dry'));
      expect(dry.code, dry.stderr).toBe(0);
      const points = spread(killPoints(join(logs, 'dry'), dryDir), 6);
      expect(points.length).toBeGreaterThan(2);
      let kills = 0;
      await pool(points, 2, async (point: KillPoint) => {
        const dir = join(tempDir(), 'fhir');
        await copy(dir);
        const log = join(logs, `${point.syscall}-${point.nth}`);
        const run = await traceCli(SYNC(dir), envOf(DAY_B), log, point);
        const where = `killed at ${point.syscall} #${point.nth} (${point.line.slice(0, 120)})`;
        if (killed(run)) kills++;
        else expect(run.code, `${where}: ${run.stderr}`).toBe(0);
        await syncOk(dir, DAY_B);
        const got = ['user1', 'user2'].map((n) => contentOf(person(dir, n)));
        expect(got, where).toEqual(expected);
        for (const n of ['user1', 'user2'])
          expect(readdirSync(person(dir, n)).sort(), where).toEqual([...FILES].sort());
      });
      expect(kills).toBeGreaterThanOrEqual(Math.ceil(points.length * 0.8));
    }, 240_000);
  });
});
