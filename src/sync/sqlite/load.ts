// node-sqlite3-wasm is loaded only when a SQLite target is synced: it instantiates a 1 MB
// WebAssembly module. It is CommonJS, so its exports arrive as `default`.
import type * as Sqlite from 'node-sqlite3-wasm';

export async function loadSqlite(): Promise<typeof Sqlite> {
  const module = (await import('node-sqlite3-wasm')) as unknown as { default: typeof Sqlite };
  return module.default;
}
