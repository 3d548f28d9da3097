// The SQLite library is loaded only when a SQLite target is synced: in the built bundle, no
// module that start-up loads statically imports it, and it is reached by one dynamic import.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/spawn.ts';

const DIST = join(ROOT, 'dist');
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']/g;

/** Every file of the bundle that loading `entry` loads, following static imports only. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      visit(join(dirname(file), match[1] as string));
    }
  };
  visit(entry);
  return seen;
}

describe('the bundle', () => {
  it('loads node-sqlite3-wasm only through a dynamic import, never at start-up', () => {
    const startup = staticClosure(join(DIST, 'healthdata.js'));
    expect(startup.size).toBeGreaterThan(1);
    // Any way of loading it; package.json (bundled for the version) merely names it.
    const loads = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node-sqlite3-wasm["']/;
    for (const file of startup) expect(readFileSync(file, 'utf8')).not.toMatch(loads);
    const chunks = readdirSync(join(DIST, 'chunks')).map((n) =>
      readFileSync(join(DIST, 'chunks', n), 'utf8'),
    );
    expect(chunks.filter((text) => loads.test(text))).toHaveLength(1);
    expect(chunks.filter((text) => text.includes('import("node-sqlite3-wasm")'))).toHaveLength(1);
    // Never bundled: it finds its .wasm next to its own file in node_modules.
    expect(chunks.some((text) => text.includes('node-sqlite3-wasm.wasm'))).toBe(false);
  });
});
