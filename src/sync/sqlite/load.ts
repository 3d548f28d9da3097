// libsql is loaded only when a SQLite target is synced: it loads a native SQLite (a .node file
// from its per-platform package), which no other command needs. It is CommonJS, so its export
// arrives as `default`.
import type LibsqlDatabase from 'libsql';

export type Database = LibsqlDatabase.Database;
export type DatabaseConstructor = typeof LibsqlDatabase;

let loaded: Promise<DatabaseConstructor> | undefined;

export function loadSqlite(): Promise<DatabaseConstructor> {
  loaded ??= import('libsql').then(
    (module) => (module as unknown as { default: DatabaseConstructor }).default,
  );
  return loaded;
}
