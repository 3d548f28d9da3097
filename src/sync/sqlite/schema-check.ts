// What a sync finds in the file before it writes: a new or empty database gets the schema, an
// older healthdata's is upgraded (in the sync's transaction), anything else is refused.
import { TargetFormatError } from '../flat/codec.ts';
import type { Database } from './load.ts';
import { scalar } from './queries.ts';
import { SCHEMA_SQL, SCHEMA_VERSION, upgradeSql } from './schema.ts';

/**
 * `begin` starts the sync's transaction; everything written here is part of it. True when the
 * schema was created now: its indexes (INDEX_SQL) are still to be made, after the rows.
 */
export function prepareSchema(db: Database, target: string, begin: () => void): boolean {
  const version = Number(scalar(db, 'PRAGMA user_version') ?? 0);
  if (version > SCHEMA_VERSION) {
    throw new TargetFormatError(
      `${target} was written by a newer healthdata (schema version ${version}) — upgrade healthdata`,
    );
  }
  if (version === 0) {
    const tables = Number(
      scalar(db, "SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view')"),
    );
    if (tables > 0) {
      throw new TargetFormatError(
        `${target} is a SQLite database that healthdata did not create — sync into a new file`,
      );
    }
    begin();
    db.exec(SCHEMA_SQL);
    return true;
  }
  if (version < SCHEMA_VERSION) {
    // An older healthdata's database: this sync writes it even when no row changed.
    begin();
    const hasText = Number(
      scalar(db, "SELECT count(*) FROM pragma_table_info('metrics') WHERE name = 'numValueText'"),
    );
    db.exec(upgradeSql(hasText > 0));
  }
  return false;
}
