// Only the command being run is built in full; the others are listed from their CommandInfo.
// These tests keep that listing identical to what the full commands would show.
import { PassThrough, Readable } from 'node:stream';
import { Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.ts';
import type { Context } from '../../src/cli/context.ts';
import { buildProgram, COMMANDS } from '../../src/cli/program.ts';

const ctx: Context = {
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  stdin: Readable.from([]),
  stdoutIsTTY: false,
  stderrIsTTY: false,
  stdinIsTTY: false,
  env: {},
  clock: systemClock,
  signal: new AbortController().signal,
};
const same = (text: string): string => text;

describe('buildProgram', () => {
  it('each listed term and summary is what the full command would show', () => {
    const full = buildProgram(ctx, same, ['completion']);
    const help = new Help();
    expect(full.commands.map((c) => c.name())).toEqual(COMMANDS.map((c) => c.name));
    for (const info of COMMANDS) {
      const command = full.commands.find((c) => c.name() === info.name);
      expect(command, info.name).toBeDefined();
      if (!command) continue;
      expect(help.subcommandTerm(command)).toBe(`${info.name} ${info.term}`.trim());
      expect(command.description()).toBe(info.summary);
    }
  });

  it('builds only the command being run, and the one `help <name>` shows', () => {
    const optionsOf = (argv: string[]): Record<string, number> =>
      Object.fromEntries(
        buildProgram(ctx, same, argv).commands.map((c) => [c.name(), c.options.length]),
      );
    const metrics = optionsOf(['metrics', '--demo']);
    expect(metrics['metrics']).toBeGreaterThan(5);
    expect(metrics['sync']).toBe(0);
    expect(optionsOf(['help', 'sync'])['sync']).toBeGreaterThan(5);
    expect(Object.values(optionsOf(['--version'])).every((n) => n === 0)).toBe(true);
  });

  it('lists every command the same way, built or not', () => {
    const helpOf = (argv: string[]): string => buildProgram(ctx, same, argv).helpInformation();
    const listed = helpOf(['--help']);
    expect(helpOf(['completion'])).toBe(listed);
    expect(listed).toContain('chart [options] [metric...]');
    expect(listed).not.toContain('__complete');
  });
});
