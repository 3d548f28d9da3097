// A server that puts escape sequences, C0/C1 controls, bidi controls, zero-width and Unicode
// tag characters into every string it sends (names, values, units, meta.plan, history_floor,
// catalog, sources, profile, error bodies), against every command that prints to a terminal,
// on a real pseudo-terminal: not one of those characters reaches the terminal's bytes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.ts';
import { asJson, hostileApi } from '../helpers/untrusted-api.ts';
import { forbiddenIn, HOSTILE } from '../helpers/hostile-text.ts';
import { inPty } from '../helpers/pty.ts';
import { API_KEY, useTestServers } from '../helpers/test-server.ts';

const serve = useTestServers();

/** Each command line, run in turn in one terminal session; `hd` is the built binary. */
const COMMANDS = [
  'hd metrics',
  'hd metrics --verbose --from 2020-01-01',
  'hd metrics -f csv',
  'hd metrics -f tsv',
  'hd metrics -f json',
  'hd metrics -f ndjson',
  'hd metrics -m bad',
  'hd metrics -p fail --retries 0',
  'hd summary --verbose',
  'hd summary -f csv',
  'hd summary -f json',
  'hd chart steps',
  'hd catalog',
  'hd catalog -f json',
  'hd sources',
  'hd profile',
  'hd status',
  'hd status -f json',
  'hd sync "$TARGET" --verbose',
];

describe('hostile text on a real terminal', () => {
  it('never reaches the terminal raw, from any command, on stdout or stderr', async () => {
    const server = await serve(hostileApi(() => ({ text: asJson(HOSTILE) })));
    const script = COMMANDS.map((c) => `echo "=== ${c}"; ${c}; echo "=== exit $?"`).join('; ');
    const { screen } = await inPty(script, {
      cols: 120,
      env: {
        HEALTHDATA_BASE_URL: server.url,
        HEALTHDATA_API_KEY: API_KEY,
        HEALTHDATA_CONFIG_DIR: tempDir('healthdata-config-'),
        HEALTHDATA_PAGER: '',
        NO_COLOR: '1',
        TARGET: join(tempDir(), 'sync.csv'),
      },
    });
    // Each command ran and said something: its section holds more than the markers.
    const sections = screen.split(/^=== exit \d+$/m).slice(0, -1);
    expect(sections).toHaveLength(COMMANDS.length);
    for (const [i, section] of sections.entries()) {
      const body = section.replace(/^=== .*$/m, '').trim();
      expect(body.length, COMMANDS[i]).toBeGreaterThan(0);
      expect(forbiddenIn(section), `${COMMANDS[i]}:\n${section}`).toEqual([]);
    }
    // The server's text was there to be shown, as symbols and escapes.
    expect(screen).toContain('␛]0;OWNED-TITLE␇');
    expect(screen).toContain('\\e]0;OWNED-TITLE\\u0007');
    expect(screen).toContain('\\u200b');
    expect(screen).toContain('\\u{e0068}');
    // sync's result line: the floor, not being a date, is read as null (the row guard), so
    // the line no longer quotes it; it is there, and nothing of the server's is raw.
    expect(screen).toMatch(/synced .*sync\.csv: /);
  }, 180_000);
});
