// The spawn tests run the built binary, so build it once before any test runs, unless dist/ is
// already built from the sources as they are (`npm ci` builds it in CI: scripts/build-inputs.mjs).
import { execFileSync } from 'node:child_process';
import { builtFromCurrent } from '../scripts/build-inputs.mjs';

export default function setup(): void {
  if (builtFromCurrent()) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
