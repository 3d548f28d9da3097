// The page's Content-Security-Policy, in a <meta> tag: nothing may load from anywhere
// (default-src 'none'), and the only script and style that may run are the page's own inline
// blocks, named by the SHA-256 of their exact text. A script or style planted in the data
// (were it ever to become markup) matches no hash and is refused; no 'unsafe-inline'.
import { createHash } from 'node:crypto';

/** The CSP source for an inline block: 'sha256-<base64 of the digest of its UTF-8 text>'. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(
  scripts: readonly string[],
  styles: readonly string[],
): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map(hashSource).join(' ')}`,
    `style-src ${styles.map(hashSource).join(' ')}`,
    // The favicon is an empty data: URL, so the browser asks no server for /favicon.ico.
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
