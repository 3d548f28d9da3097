// docs/reference.md is generated from the CLI's own --help (npm run docs). This fails when a
// flag or a help text changed and the committed reference was not regenerated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PATH, renderReference } from '../../scripts/reference.mjs';

describe('docs/reference.md', () => {
  it('matches the help of every command (run npm run docs to regenerate)', () => {
    expect(readFileSync(REFERENCE_PATH, 'utf8')).toBe(renderReference());
    // One --help process per command, one after another: slow when the cores are busy.
  }, 90_000);
});
