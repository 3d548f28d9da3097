// The slugs that make MQTT topic levels and Home Assistant ids of hostile names, the device
// and state classes Home Assistant accepts, and quiet hours across midnight.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuietHours, isQuiet, quietEnd } from '../../src/lib/quiet-hours.ts';
import { haClasses } from '../../src/output/mqtt/ha-classes.ts';
import { slugId, slugWord } from '../../src/output/mqtt/topic-slug.ts';
import { parseDestination } from '../../src/output/notify/destination.ts';
import { headerText } from '../../src/output/notify/header-text.ts';

describe('topic slugs', () => {
  it('are [a-z0-9_] whatever the names, and differ when the names do', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const x = slugId([a, b]);
        expect(x).toMatch(/^[a-z0-9_]+$/);
        if (a !== b) expect(slugId([a, 'p'])).not.toBe(slugId([b, 'p']));
      }),
    );
    expect(slugWord('Steps/+/#')).toBe('steps');
    expect(slugId(['Steps'])).not.toBe(slugId(['steps']));
    // Joined names cannot be confused: ['a', 'b_c'] is not ['a_b', 'c'].
    expect(slugId(['a', 'b_c'])).not.toBe(slugId(['a_b', 'c']));
    expect(slugWord('#')).toBe('x');
  });
});

describe('Home Assistant classes', () => {
  it('gives a device class only for a unit Home Assistant accepts for it', () => {
    expect(haClasses('weight', 'kg', false)).toEqual({
      device_class: 'weight',
      state_class: 'measurement',
    });
    expect(haClasses('resting_heart_rate', 'bpm', false)).toEqual({ state_class: 'measurement' });
    expect(haClasses('steps', 'count', true)).toEqual({ state_class: 'total_increasing' });
    expect(haClasses('hrv', 'ms', false)).toEqual({ state_class: 'measurement' });
    expect(haClasses('active_energy', 'kcal', false).state_class).toBe('total_increasing');
    expect(haClasses('body_temperature_delta', '°C', false)).toEqual({
      state_class: 'measurement',
    });
  });
});

describe('quiet hours', () => {
  const at = (h: number, m = 0): number => new Date(2026, 10, 22, h, m).getTime();
  it('may cross midnight, and end at the minute', () => {
    const q = parseQuietHours('22-07');
    expect([21, 22, 23, 0, 6, 7, 12].map((h) => isQuiet(q, at(h)))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(quietEnd(q)).toBe('07:00');
    const day = parseQuietHours('12:30-13:15');
    expect([isQuiet(day, at(12, 29)), isQuiet(day, at(12, 30)), isQuiet(day, at(13, 15))]).toEqual([
      false,
      true,
      false,
    ]);
  });
  it('refuses what is not a span', () => {
    for (const bad of ['7-7', '25-3', '22', '22-07-01', 'a-b', '22:60-07']) {
      expect(() => parseQuietHours(bad), bad).toThrow(/--quiet-hours/);
    }
  });
});

describe('alert destinations and headers', () => {
  it('names a webhook by its host only, and refuses a login in any URL', () => {
    expect(parseDestination('https://hooks.example.com/T0/secret').label).toBe(
      'https://hooks.example.com/…',
    );
    expect(parseDestination('ntfy+https://ntfy.sh/topic')).toMatchObject({
      kind: 'ntfy',
      label: 'ntfy+https://ntfy.sh/…',
    });
    expect(parseDestination('mqtt://127.0.0.1:1883/health/alerts')).toMatchObject({ kind: 'mqtt' });
    expect(() => parseDestination('mqtt://127.0.0.1:1883/health/#')).toThrow(/holds # or \?/);
    expect(() => parseDestination('mqtt://127.0.0.1:1883/health/+/x')).toThrow(/without \+ or #/);
    expect(() => parseDestination('https://u:p@example.com/x')).toThrow(/password/);
    expect(() => parseDestination('mqtt://u:p@example.com/x')).toThrow(/password/);
    expect(() => parseDestination('ntfy+https://ntfy.sh/')).toThrow(/topic/);
    expect(() => parseDestination('ftp://x/y')).toThrow(/--notify takes a URL/);
  });
  it('keeps CR and LF out of a header value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const value = headerText(text);
        expect(value).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });
});
