// `-f influx` on `daily` (daily values) and `metrics` (raw rows): one point a line, each day's
// point at 00:00 UTC, or at 00:00 in the --tz zone; a document that is no time series refused.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const POINT = /^health(_row)?,metric=[^ ]+ [^ ]+ (\d+)000000000$/;

describe('-f influx', () => {
  const sandbox = useSandbox();

  it('daily: one point per daily value, at 00:00 UTC, twins under their base name', async () => {
    const influx = await runCli(['daily', ...sandbox.args(), '--from', '7d', '-f', 'influx']);
    const json = await runCli(['daily', ...sandbox.args(), '--from', '7d', '-f', 'json']);
    expect(influx.code).toBe(0);
    const lines = influx.stdout.split('\n').filter((l) => l !== '');
    const records = (JSON.parse(json.stdout) as { data: { date: string }[] }).data;
    expect(lines).toHaveLength(records.length);
    for (const [i, line] of lines.entries()) {
      const seconds = Number(POINT.exec(line)?.[2]);
      expect(new Date(seconds * 1000).toISOString()).toBe(`${records[i]?.date}T00:00:00.000Z`);
    }
    expect(influx.stdout).toContain(
      'health,metric=steps,provider=PhoneHealth,unit=count basis="total"',
    );
    expect(influx.stdout).not.toContain('steps_total');
  });

  it('daily --tz: the point is at 00:00 in that zone', async () => {
    const utc = await runCli([
      'daily',
      ...sandbox.args(),
      '--from',
      '1d',
      '-m',
      'steps',
      '-f',
      'influx',
    ]);
    const berlin = await runCli([
      'daily',
      ...sandbox.args(),
      '--from',
      '1d',
      '-m',
      'steps',
      '-f',
      'influx',
      '--tz',
      'Europe/Berlin',
    ]);
    const stamp = (text: string): number => Number(text.split('\n')[0]?.split(' ').at(-1)) / 1e9;
    // November: Berlin is UTC+1, so its midnight is 23:00 UTC the day before.
    expect(stamp(utc.stdout) - stamp(berlin.stdout)).toBe(3600);
    const bad = await runCli(['daily', ...sandbox.args(), '-f', 'influx', '--tz', 'Mars/Olympus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--tz Mars/Olympus: not a time zone');
  });

  it('metrics: one point per raw row, numbered within a day so none overwrites another', async () => {
    const influx = await runCli(['metrics', ...sandbox.args(), '--from', '2d', '-f', 'influx']);
    const ndjson = await runCli(['metrics', ...sandbox.args(), '--from', '2d', '-f', 'ndjson']);
    const lines = influx.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(ndjson.stdout.split('\n').filter((l) => l !== '').length);
    for (const line of lines) expect(line).toMatch(POINT);
    // Series and time name a point: no two lines share them.
    const identity = lines.map((l) => `${l.split(' ')[0]} ${l.split(' ').at(-1)}`);
    expect(new Set(identity).size).toBe(lines.length);
  });

  it('a document that is no time series is refused: exit 2', async () => {
    // Refused as the options are read: catalog writes no influx (nothing is fetched).
    const catalog = await runCli(['catalog', ...sandbox.args(), '-f', 'influx']);
    expect(catalog.code).toBe(2);
    expect(catalog.stderr).toContain(
      "-f influx is written by 'healthdata daily' and 'healthdata metrics'",
    );
    // So is FHIR: the refusal names the commands that write it.
    const summary = await runCli(['summary', ...sandbox.args(), '-f', 'fhir']);
    expect(summary.code).toBe(2);
    expect(summary.stderr).toMatch(
      /^healthdata: error: -f fhir is written by 'healthdata daily' and 'healthdata metrics' — here use one of table, json, ndjson, csv, tsv /,
    );
    // --wide is a table for spreadsheets: its records are no points.
    const wide = await runCli(['daily', ...sandbox.args(), '--wide', '-f', 'influx']);
    expect(wide.code).toBe(2);
    expect(wide.stderr).toContain('-f influx writes daily values');
  });
});
