// A catalogue of what a hostile server may put in any string to drive or deceive a terminal,
// written out here on its own (not taken from src/lib/visible.ts), so a character the
// sanitiser forgets fails the tests instead of passing with it.

export const CATALOGUE = {
  /** OSC title, OSC 8 hyperlink, clear screen, colour, cursor movement. */
  escapes: [
    '\u001b]0;OWNED-TITLE\u0007',
    '\u001b]8;;http://evil.example/\u001b\\',
    '\u001b[2J',
    '\u001b[31m',
    '\u001b[5A',
  ],
  c0: ['\u0000', '\u0007', '\u0008', '\u000b', '\u000c', '\r', '\u001f', '\u007f'],
  /** NEL, CSI, OSC, ST as single C1 characters. */
  c1: ['\u0085', '\u009b', '\u009d', '\u009c'],
  /** LRM, RLM, ALM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
  bidi: [
    '\u200e',
    '\u200f',
    '\u061c',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ],
  /** ZWSP, ZWNJ, ZWJ, WJ, invisible times, BOM, soft hyphen, Mongolian vowel separator. */
  zeroWidth: ['\u200b', '\u200c', '\u200d', '\u2060', '\u2062', '\ufeff', '\u00ad', '\u180e'],
  /** Unicode tag characters: BEGIN, 'h', 'i', CANCEL. */
  tags: ['\u{e0001}', '\u{e0068}', '\u{e0069}', '\u{e007f}'],
} as const;

/** Every catalogue entry in one string, between ordinary letters. */
export const HOSTILE = `a${Object.values(CATALOGUE).flat().join('')}z`;

/**
 * The characters that must never reach a terminal from the server. Line breaks and tabs are
 * the output's own layout, so they are not looked for (a server's are shown as symbols).
 */
const FORBIDDEN: readonly string[] = [
  '\u001b',
  ...new Set(
    Object.values(CATALOGUE)
      .flat()
      .flatMap((entry) => [...entry])
      .filter((ch) => ch !== '\n' && ch !== '\t' && !/^[ -~]$/.test(ch)),
  ),
];

/** The forbidden characters found in `output`, each as U+XXXX (an empty list when clean). */
export function forbiddenIn(output: string): string[] {
  return FORBIDDEN.filter((ch) => output.includes(ch)).map(
    (ch) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
