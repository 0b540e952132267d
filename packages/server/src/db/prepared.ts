import type { Database } from './client.ts';

/**
 * A statement Drizzle builds once per database and afterwards only fills in (`.prepare()` with
 * `sql.placeholder`): the statements every search start, stream and status request runs skip building
 * their SQL text each time (decision 092). On PostgreSQL the name also makes it a prepared statement of
 * each connection; it must be unique to this statement.
 */
export function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
