import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createNotices, describeMeta } from '../../src/cli/notices.ts';

describe('notices quoting server text', () => {
  it('show escape sequences in a plan name as visible escapes', () => {
    const stderr = new PassThrough();
    let out = '';
    stderr.on('data', (b: Buffer) => (out += b.toString()));
    const notices = createNotices(stderr, { quiet: false, verbose: false, interactive: true });
    notices.info(
      describeMeta({
        plan: 'pro\u001b]0;owned\u0007',
        history_window_days: 1,
        history_floor: null,
        source_cap: null,
      }),
    );
    expect(out).toContain('plan: pro\\e]0;owned\\u0007 ·');
    expect(out).not.toContain('\u001b');
  });
});

describe('notices wrapped to a terminal', () => {
  const capture = (columns: number | undefined, redact?: (text: string) => string) => {
    const stderr = new PassThrough();
    const said: string[] = [];
    stderr.on('data', (b: Buffer) => said.push(b.toString()));
    const notices = createNotices(stderr, {
      quiet: false,
      verbose: true,
      interactive: true,
      columns,
      redact,
    });
    return { notices, out: () => said.join('') };
  };

  it('wrap at the width, continuation lines indented, a long word left whole', () => {
    const { notices, out } = capture(30);
    notices.warn(`one two three four five six seven eight nine ten ${'x'.repeat(40)} end`);
    const lines = out().trimEnd().split('\n');
    expect(lines[0]).toBe('warning: one two three four');
    expect(lines.slice(1).every((l) => l.startsWith('  '))).toBe(true);
    expect(lines).toContain(`  ${'x'.repeat(40)}`);
    expect(lines.filter((l) => !l.includes('x')).every((l) => l.length <= 30)).toBe(true);
  });

  it('redact before wrapping: a key is never cut in two and left readable', () => {
    const key = 'phd_live_0123456789abcdefSECRET';
    const { notices, out } = capture(24, (text) => text.split(key).join('phd_live…CRET'));
    notices.notice(`the server echoed ${key} back to us here`);
    expect(out()).not.toContain('SECRET');
    expect(out()).not.toContain('0123456789');
    expect(out()).toContain('phd_live…CRET');
  });

  it('leave --verbose lines (URLs to copy) and pipes unwrapped', () => {
    const long = `GET http://127.0.0.1:1/api/v1/metrics?${'a=1&'.repeat(20)} 200`;
    const tty = capture(30);
    tty.notices.verbose(long);
    expect(tty.out()).toBe(`healthdata: ${long}\n`);
    const piped = capture(undefined);
    piped.notices.notice(`notice: ${'word '.repeat(40)}`);
    expect(piped.out().split('\n')).toHaveLength(2);
  });
});
