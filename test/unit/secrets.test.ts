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

  it('hides every one of many keys sharing a prefix, in text and bytes, and nothing else', () => {
    const s = new Secrets();
    // A study's keys: one shared prefix (one search group), lengths that differ, one key the
    // start of another, and keys with their own prefixes.
    const keys = Array.from({ length: 500 }, (_, i) => `phd_live_user${i}_${'x'.repeat(i % 7)}`);
    keys.push('phd_live_user1', 'zz_other_key', 'é_unicode_key');
    s.addAll([...keys, undefined, 'ab']);
    for (const key of keys) {
      const body = `{"v":"row ${key} end"}`;
      expect(s.redact(body)).toBe('{"v":"row [REDACTED] end"}');
      expect(s.redactBytes(Buffer.from(body)).toString()).toBe('{"v":"row [REDACTED] end"}');
    }
    // The prefix alone, or a key cut short, is not a key: left as sent, the same Buffer.
    const near = Buffer.from('{"v":"phd_live_ phd_live_use zz_other phd_live_user"}');
    expect(s.redactBytes(near)).toBe(near);
    expect(s.redact(near.toString())).toBe(near.toString());
    // Two keys in one body, one spelled with escapes JSON does not need.
    const two = String.raw`["phd_live_user8_x", "phd_live_user42_"]`;
    expect(s.redactBytes(Buffer.from(two)).toString()).toBe('["[REDACTED]", "[REDACTED]"]');
  });

  it('finds keys without a shared start (one pass over the bytes) anywhere in a body', () => {
    const s = new Secrets();
    const keys = Array.from(
      { length: 40 },
      (_, i) => `${String.fromCharCode(65 + i)}${i}_k3y_${i * 7919}`,
    );
    s.addAll(keys);
    for (const key of keys) {
      for (const body of [key, `x${key}`, `{"v":"${key}"}`, `${'y'.repeat(1000)}${key}`]) {
        expect(s.redactBytes(Buffer.from(body)).toString(), body).toBe(
          body.replace(key, '[REDACTED]'),
        );
      }
      // A key cut by one byte at the end of the body is not the key.
      const cut = Buffer.from(`zz${key.slice(0, -1)}`);
      expect(s.redactBytes(cut)).toBe(cut);
    }
  });
});
