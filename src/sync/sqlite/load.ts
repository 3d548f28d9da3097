// node-sqlite3-wasm is loaded only when a SQLite target is synced: it instantiates a 1.3 MB
// WebAssembly module. It is CommonJS, so its exports arrive as `default`.
import { setFlagsFromString } from 'node:v8';
import type * as Sqlite from 'node-sqlite3-wasm';

let loaded: Promise<typeof Sqlite> | undefined;

export function loadSqlite(): Promise<typeof Sqlite> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<typeof Sqlite> {
  // V8 compiles hot WebAssembly functions a second time with its optimising compiler; for
  // SQLite's huge interpreter loop that costs ~45 MB of peak RSS (measured: 1M inserts, 110 MB
  // → 62 MB with Liftoff only), which a 150 MB budget cannot spare. The baseline code is
  // somewhat slower on big first syncs and no slower on daily ones. The flag applies to
  // WebAssembly compiled from now on in this process, which is a CLI run. The bundle already
  // sets it for undici's llhttp (scripts/wasm-baseline.mjs); setting it here keeps SQLite's
  // memory independent of that choice and of the import order.
  setFlagsFromString('--liftoff-only');
  const module = (await import('node-sqlite3-wasm')) as unknown as { default: typeof Sqlite };
  return module.default;
}
