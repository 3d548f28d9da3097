// The line-protocol encoder's rules (src/output/line-protocol.ts), and the target URL's: what
// the servers read back is checked end to end in test/e2e/influx-*.test.ts.
import { describe, expect, it } from 'vitest';
import {
  dayTimestampNs,
  floatText,
  pointLine,
  stringField,
  tagText,
} from '../../src/output/line-protocol.ts';
import { parseInfluxTarget, stateKey } from '../../src/sync/influx/target.ts';

describe('line protocol', () => {
  it('escapes what a tag needs, and replaces what no tag can hold', () => {
    expect(tagText('a,b c=d')).toBe('a\\,b\\ c\\=d');
    expect(tagText('x\ny\rz\t')).toBe('x\ufffdy\ufffdz\ufffd');
    expect(tagText('end\\')).toBe('end\ufffd');
    expect(tagText('a\\,b')).toBe('a\ufffd\\,b');
    expect(tagText('a\\b')).toBe('a\\b');
  });

  it('a string field keeps quotes and backslashes, and never a line break', () => {
    expect(stringField('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
    expect(stringField('a\nb')).toBe('"a\ufffdb"');
  });

  it('a hostile name is one line, one point', () => {
    const line = pointLine(
      'health',
      [['metric', 'x\nhealth,metric=evil value=666']],
      [['value', '1']],
      '0',
    );
    expect(line?.split('\n')).toEqual([
      'health,metric=x\ufffdhealth\\,metric\\=evil\\ value\\=666 value=1 0',
      '',
    ]);
  });

  it('floats only, finite only', () => {
    expect(floatText(10005)).toBe('10005');
    expect(floatText(1.7976931348623157e308)).toBe('1.7976931348623157e+308');
    expect(floatText(Infinity)).toBeUndefined();
    expect(floatText(NaN)).toBeUndefined();
    expect(pointLine('h', [], [['value', undefined]], '0')).toBeUndefined();
  });

  it('a day is 00:00 UTC, or 00:00 in the zone, the same on every run (DST included)', () => {
    expect(dayTimestampNs('2026-11-22')).toBe(`${Date.UTC(2026, 10, 22) / 1000}000000000`);
    expect(dayTimestampNs('2026-07-01', 'Europe/Berlin')).toBe(
      `${Date.UTC(2026, 5, 30, 22) / 1000}000000000`,
    );
    // The day clocks went forward: midnight came before the change.
    expect(dayTimestampNs('2026-03-29', 'Europe/Berlin')).toBe(
      `${Date.UTC(2026, 2, 28, 23) / 1000}000000000`,
    );
    expect(dayTimestampNs('2026-11-22', 'Pacific/Kiritimati')).toBe(
      `${Date.UTC(2026, 10, 21, 10) / 1000}000000000`,
    );
  });
});

describe('the target URL', () => {
  it('takes credentials out of what is shown and of the state key', () => {
    const a = parseInfluxTarget(
      'influx+https://me:s3cret@db.example:8086/write?db=h&p=pw&token=tok',
    );
    const b = parseInfluxTarget('influx+https://db.example:8086/write?db=h&p=other');
    expect(a.shown).toBe('influx+https://db.example:8086/write?db=h');
    expect(a.basic).toEqual({ user: 'me', password: 's3cret' });
    expect(a.token).toBe('tok');
    expect(a.writeUrl).not.toContain('s3cret');
    expect(a.writeUrl).not.toContain('tok');
    expect(stateKey(a, 'x')).toBe(stateKey(b, 'x'));
  });

  it('refuses a URL that names no database or no write path: a usage error naming the fix', () => {
    expect(() => parseInfluxTarget('influx+http://h:8086/write')).toThrow(/names no db/);
    expect(() => parseInfluxTarget('influx+http://h/api/v2/write?org=o')).toThrow(
      /names no bucket/,
    );
    expect(() => parseInfluxTarget('influx+http://u:pw@h/query?db=x')).toThrow(
      /must end in \/write/,
    );
    expect(() => parseInfluxTarget('influx+http://u:pw@h/query?db=x')).not.toThrow(/pw/);
  });
});
