import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const intCount = sql<number>`cast(count(*) as int)`;

/**
 * `(select count(*) from <table> c where c.<column> = <outer column>)`. The outer column is written
 * with its table name: Drizzle renders a bare column inside `sql`, which the subquery would capture.
 */
export function countOf(table: 'questions' | 'attempts', column: string, outer: AnyPgColumn, extra?: SQL) {
  const outerRef = sql.raw(`"${getTableName(outer.table)}"."${outer.name}"`);
  return sql<number>`(select cast(count(*) as int) from ${sql.raw(`"${table}"`)} c where ${sql.raw(`c."${column}"`)} = ${outerRef} ${extra ?? sql``})`;
}
