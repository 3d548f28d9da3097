import { describe, expect, it } from 'vitest';
import { plainEscapes, Secrets } from '../../src/lib/secrets.ts';

const KEY = 'phd_live_a/b+c"d';

function secrets(): Secrets {
  const s = new Secrets();
  s.add(KEY);
  return s;
}

describe('Secrets', () => {
  it('hides the key raw, percent-encoded and JSON-escaped', () => {
    const s = secrets();
    expect(s.redact(`x ${KEY} y`)).toBe('x [REDACTED] y');
    expect(s.redact(`?k=${encodeURIComponent(KEY)}`)).toBe('?k=[REDACTED]');
    expect(s.redact(JSON.stringify({ plan: KEY }))).toBe('{"plan":"[REDACTED]"}');
  });

  it('hides the key a server spells with escapes JSON does not need', () => {
    const s = secrets();
    const spelled = String.raw`{"v":"phd\u005flive\u005f\u0061\/b+c\u0022d"}`;
    const out = s.redact(spelled);
    expect(out).toBe('{"v":"[REDACTED]"}');
    expect(JSON.stringify(JSON.parse(out))).not.toContain('phd_live');
    // Bytes the same way, and a clean body comes back as the very same Buffer.
    expect(s.redactBytes(Buffer.from(spelled)).toString()).toBe('{"v":"[REDACTED]"}');
    const clean = Buffer.from(String.raw`{"v":"caf\u00e9 \u001b \\u0041"}`);
    expect(s.redactBytes(clean)).toBe(clean);
  });

  it('leaves text without the key as it was sent, escapes included', () => {
    const s = secrets();
    const text = String.raw`{"v":"\u0041\/x"}`;
    expect(s.redact(text)).toBe(text);
    expect(plainEscapes(text)).toBe('{"v":"A/x"}');
    // An escaped backslash followed by "u0041" is not an escape of A.
    expect(plainEscapes(String.raw`"\\u0041"`)).toBe(String.raw`"\\u0041"`);
    expect(JSON.parse(plainEscapes(String.raw`"\u0022\u005c"`))).toBe('"\\');
  });

  it('ignores empty and very short values, and knows keys added later', () => {
    const s = new Secrets();
    s.add(undefined);
    s.add('');
    s.add('abc');
    expect(s.redact('abc')).toBe('abc');
    const redact = s.redact;
    s.add(KEY);
    expect(redact(KEY)).toBe('[REDACTED]');
  });
});
