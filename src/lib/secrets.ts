// The API key never leaves healthdata in any text: it is replaced by value wherever the key
// came from (flag, environment, config file, prompt) and whoever wrote the text (our own
// messages, or a server echoing it in a row, a plan name, an error body). A secret is hidden
// in the forms it takes in a URL (percent-encoded) and in JSON (escaped), and also when a
// server spells it with escapes JSON does not need (`phd\u005flive…`, `a\/b`), which decode
// to the key as soon as the JSON is parsed.

export const REDACTED = '[REDACTED]';

/** Shorter strings would hide ordinary text; no real key is this short. */
const MIN_LENGTH = 4;

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
  #forms: string[] = [];
  #bytes: Buffer[] = [];

  /** Hides `secret` from now on; undefined, empty or very short values are ignored. */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.length < MIN_LENGTH) return;
    for (const form of secretForms(secret)) {
      if (this.#forms.includes(form)) continue;
      this.#forms.push(form);
      this.#bytes.push(Buffer.from(form));
    }
    // Longest first: a form that contains another is replaced whole.
    this.#forms.sort((a, b) => b.length - a.length);
    this.#bytes.sort((a, b) => b.length - a.length);
  }

  /** The text with every secret replaced by [REDACTED]. Bound: pass it around freely. */
  readonly redact = (text: string): string => {
    if (this.#forms.length === 0) return text;
    const plain = NEEDLESS.test(text) ? plainEscapes(text) : text;
    // Respelling is used only when it uncovers a secret: other text is left as it was sent.
    const base = plain !== text && this.#holds(plain) ? plain : text;
    return this.#holds(base) ? this.#replace(base) : base;
  };

  /**
   * The bytes with every secret replaced, as redact() does for text. The common case (no
   * secret, no needless escape) is a few native searches and returns the same Buffer.
   */
  redactBytes(bytes: Buffer): Buffer {
    if (this.#forms.length === 0) return bytes;
    const suspect = this.#bytes.some((form) => bytes.includes(form)) || needlessIn(bytes);
    if (!suspect) return bytes;
    const text = bytes.toString('utf8');
    const redacted = this.redact(text);
    return redacted === text ? bytes : Buffer.from(redacted, 'utf8');
  }

  #holds(text: string): boolean {
    return this.#forms.some((form) => text.includes(form));
  }

  #replace(text: string): string {
    return this.#forms.reduce((acc, form) => acc.split(form).join(REDACTED), text);
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
