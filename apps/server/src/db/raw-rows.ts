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
