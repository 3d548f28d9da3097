// What dist/ is built from, as one hash: scripts/build.mjs writes it to .dist-inputs (beside
// dist/, not in it, so the packed package does not carry it) when it is done, and the tests'
// global setup builds again only when it differs. In CI, `npm ci` has
// just built dist/ (the `prepare` script) from the same files, so the tests do not build it a
// second time. Edits made to dist/ by hand are not seen: build again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const INPUTS = ['src', 'scripts', 'bin', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Where the hash of the inputs of the last finished build is kept. */
export const STAMP = join(root, '.dist-inputs');

/** The hash of every input file's path and bytes. */
export function inputsHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, encoding: 'utf8' })
          .map((name) => join(input, name))
          .filter((name) => statSync(join(root, name)).isFile())
          .sort()
      : [input];
    for (const name of files) hash.update(`${name}\0`).update(readFileSync(join(root, name)));
  }
  // The V8 code caches are made by and for this Node: another version rebuilds them.
  hash.update(process.version);
  return hash.digest('hex');
}

/** True when dist/ was built from the files as they are now. */
export function builtFromCurrent() {
  if (!existsSync(STAMP) || !existsSync(join(root, 'dist', 'healthdata.cjs'))) return false;
  return readFileSync(STAMP, 'utf8') === inputsHash();
}
