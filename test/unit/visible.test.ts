import { describe, expect, it } from 'vitest';
import { visible, visibleKeepingLayout } from '../../src/lib/visible.ts';

describe('visible', () => {
  it('shows escape sequences and control characters as visible escapes', () => {
    expect(visible('\u001b[31mred\u001b[0m')).toBe('\\e[31mred\\e[0m');
    expect(visible('a\u0007b\u009bc\u202ed')).toBe('a\\u0007b\\u009bc\\u202ed');
    expect(visible('line\r\nnext\ttab')).toBe('line\\r\\nnext\\ttab');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(visible('Zürich — 5 km 😀')).toBe('Zürich — 5 km 😀');
  });

  it('visibleKeepingLayout keeps line breaks and tabs (csv and tsv on a terminal)', () => {
    expect(visibleKeepingLayout('a\tb\u001b]0;x\u0007\r\nc\n')).toBe('a\tb\\e]0;x\\u0007\\r\nc\n');
  });
});
