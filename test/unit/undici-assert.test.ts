// The bundle gives undici a bare assert() instead of node:assert (scripts/undici-assert.cjs).
// That holds only while undici calls nothing else of it: this fails on an undici upgrade that does.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const lib = join(dirname(require.resolve('undici/package.json')), 'lib');
const assertStub = require('../../scripts/undici-assert.cjs') as (v: unknown, m?: unknown) => void;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

describe('undici-assert stand-in', () => {
  it('undici uses only assert(value, message) and assert.ok', () => {
    const users = sources(lib).filter((file) =>
      /require\('node:assert'\)/.test(readFileSync(file, 'utf8')),
    );
    expect(users.length).toBeGreaterThan(5);
    for (const file of users) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).toMatch(/^const assert = require\('node:assert'\)$/m);
      const members = [...text.matchAll(/\bassert\.(\w+)/g)].map((m) => m[1]);
      expect(
        members.filter((m) => m !== 'ok'),
        file,
      ).toEqual([]);
    }
  });

  it('passes truthy values and throws an ERR_ASSERTION error otherwise', () => {
    expect(() => assertStub(1)).not.toThrow();
    expect(() => assertStub(0, 'broken')).toThrow(
      expect.objectContaining({ code: 'ERR_ASSERTION', message: 'broken' }),
    );
    const own = new TypeError('own');
    expect(() => assertStub(false, own)).toThrow(own);
  });
});
