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
