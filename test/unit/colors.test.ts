import { describe, expect, it } from 'vitest';
import { colorEnabled, palette, PLAIN } from '../../src/output/terminal/colors.ts';

describe('palette', () => {
  it('paints with SGR pairs when enabled and not at all when disabled', () => {
    expect(palette(true).red('error:')).toBe('\x1b[31merror:\x1b[39m');
    expect(palette(true).bold('x')).toBe('\x1b[1mx\x1b[22m');
    expect(palette(false)).toBe(PLAIN);
    expect(PLAIN.yellow('warn')).toBe('warn');
  });

  it('re-opens its colour after a nested span closes', () => {
    const { dim, bold } = palette(true);
    // bold and dim share the close code 22: the outer dim must come back after the inner bold.
    expect(dim(`a ${bold('b')} c`)).toBe('\x1b[2ma \x1b[1mb\x1b[22m\x1b[2m c\x1b[22m');
  });
});

describe('colorEnabled', () => {
  it('follows the env it is given, not the process', () => {
    expect(colorEnabled({ TERM: 'xterm-256color' }, true)).toBe(true);
    expect(colorEnabled({ TERM: 'xterm-256color', NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false);
    expect(colorEnabled({ TERM: 'xterm-256color' }, false)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
  });
});
