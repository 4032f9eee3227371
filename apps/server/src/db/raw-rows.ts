import type { SQL } from 'drizzle-orm';

/**
 * Rows of a `db.execute(sql…)` result. node-postgres answers a `QueryResult` and PGlite a `Results`;
 * both carry `rows`, which is all raw statements here need.
 */
export function rawRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

interface RawSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

/**
 * A raw statement (`sql` with `sql.placeholder(name)` parameters) prepared once under `name`, as
 * drizzle's `.prepare()` does for its builders: PostgreSQL plans it once per connection instead of
 * on every call, and drizzle does not rebuild the SQL text. For the statements drizzle's builders
 * cannot express (data-modifying CTEs, aggregates over derived tables). Runs on PGlite too.
 */
export function preparedRaw<T>(
  db: { _: { session: unknown } },
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<T[]> {
  const session = db._.session as RawSession;
  const prepared = session.prepareQuery(session.dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => rawRows<T>(await prepared.execute(values));
}

/**
 * A raw statement built per call but sent under `name`, so PostgreSQL parses it once per connection
 * (node-postgres then sends only Bind and Execute) and its plan cache applies, as for `preparedRaw`;
 * for statements whose shape varies a little (optional CTEs: one name per shape). Every call with
 * one name must build exactly the same SQL text (values are parameters): node-postgres refuses
 * another text under a name it has prepared. PGlite prepares by text anyway (`PreparedPglite`).
 */
export async function executeNamed<T>(
  db: { _: { session: unknown } },
  name: string,
  query: SQL,
): Promise<T[]> {
  return preparedRaw<T>(db, name, query)({});
}

/** A PostgreSQL array literal of texts (each quoted and escaped), for a `$n::text[]` parameter. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
