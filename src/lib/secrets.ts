// The API key never leaves healthdata in any text: it is replaced by value wherever the key
// came from (flag, environment, config file, prompt) and whoever wrote the text (our own
// messages, or a server echoing it in a row, a plan name, an error body). A secret is hidden
// in the forms it takes in a URL (percent-encoded) and in JSON (escaped), and also when a
// server spells it with escapes JSON does not need (`phd\u005flive…`, `a\/b`), which decode
// to the key as soon as the JSON is parsed.

import { ANCHOR, needles, type Needles } from './needles.ts';

export const REDACTED = '[REDACTED]';

/** Shorter strings would hide ordinary text; no real key is this short. */
const MIN_LENGTH = ANCHOR;

// A backslash escape: `\\` (kept), `\/`, or `\u00XX` for a printable ASCII character.
const ESCAPE = /\\(?:u00([2-7][0-9a-fA-F])|(\/)|[\s\S])/g;
const NEEDLESS = /\\(?:u00[2-7][0-9a-fA-F]|\/)/;
const U00 = Buffer.from('\\u00');
const SLASH = Buffer.from('\\/');

/** The secret as it appears raw, in a URL, and inside a JSON string. */
export function secretForms(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
}

/**
 * JSON text with the escapes of printable ASCII undone (`\u0041` → `A`, `\/` → `/`; a quote or
 * backslash keeps its short escape): the same JSON value, spelled as JSON.stringify would.
 */
export function plainEscapes(text: string): string {
  return text.replace(ESCAPE, (match: string, hex?: string, slash?: string) => {
    if (slash !== undefined) return '/';
    if (hex === undefined) return match;
    const code = parseInt(hex, 16);
    if (code === 0x22) return '\\"';
    if (code === 0x5c) return '\\\\';
    return code === 0x7f ? match : String.fromCharCode(code);
  });
}

export class Secrets {
  #forms = new Set<string>();
  /** Built on first use after a change: the forms longest first, and their search. */
  #built: { forms: string[]; find: Needles } | undefined;

  /** Hides `secret` from now on; undefined, empty or very short values are ignored. */
  add(secret: string | undefined): void {
    this.addAll([secret]);
  }

  /** Hides each of them (every key of the config file at once: one rebuild, not one each). */
  addAll(secrets: Iterable<string | undefined>): void {
    for (const secret of secrets) {
      if (secret === undefined || secret.length < MIN_LENGTH) continue;
      for (const form of secretForms(secret)) {
        if (this.#forms.has(form)) continue;
        this.#forms.add(form);
        this.#built = undefined;
      }
    }
  }

  /** The text with every secret replaced by [REDACTED]. Bound: pass it around freely. */
  readonly redact = (text: string): string => {
    if (this.#forms.size === 0) return text;
    const { find } = this.#index();
    const plain = NEEDLESS.test(text) ? plainEscapes(text) : text;
    // Respelling is used only when it uncovers a secret: other text is left as it was sent.
    const base = plain !== text && find.inText(plain) ? plain : text;
    return find.inText(base) ? this.#replace(base) : base;
  };

  /**
   * The bytes with every secret replaced, as redact() does for text. The common case (no
   * secret, no needless escape) is a few native searches and returns the same Buffer.
   */
  redactBytes(bytes: Buffer): Buffer {
    if (this.#forms.size === 0) return bytes;
    const suspect = this.#index().find.inBytes(bytes) || needlessIn(bytes);
    if (!suspect) return bytes;
    const text = bytes.toString('utf8');
    const redacted = this.redact(text);
    return redacted === text ? bytes : Buffer.from(redacted, 'utf8');
  }

  #index(): { forms: string[]; find: Needles } {
    if (this.#built) return this.#built;
    // Longest first: a form that contains another is replaced whole.
    const forms = [...this.#forms].sort((a, b) => b.length - a.length);
    this.#built = { forms, find: needles(forms) };
    return this.#built;
  }

  #replace(text: string): string {
    return this.#index().forms.reduce(
      (acc, form) => (acc.includes(form) ? acc.split(form).join(REDACTED) : acc),
      text,
    );
  }
}

/** Whether the bytes may hold a needless escape: `\/`, or `\u00` and a printable ASCII code. */
function needlessIn(bytes: Buffer): boolean {
  if (bytes.includes(SLASH)) return true;
  // `\u00e9` (an accent, as Python writes it) is common and harmless: look at the next digit.
  for (let at = bytes.indexOf(U00); at !== -1; at = bytes.indexOf(U00, at + 4)) {
    const digit = bytes[at + 4] ?? 0;
    if (digit >= 0x32 && digit <= 0x37) return true;
  }
  return false;
}
