/**
 * Rows of a `db.execute(sql…)` result. node-postgres answers a `QueryResult` and PGlite a `Results`;
 * both carry `rows`, which is all raw statements here need.
 */
export function rawRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
