import type { SQL } from 'drizzle-orm';

/** What a part's CTE body may refer to in the statement it sits in: the learner, the time, and a condition. */
export interface PartContext {
  userId: SQL;
  now: SQL;
  /** True only when the statement's own write happened (the part then applies). */
  when: SQL;
}

/**
 * A CTE body that another module writes into one statement prepared once (issue 27: the practice
 * submission's finishing statement carries the question state, review cards and the streak day),
 * so each rule stays with its owner while the statement's text is built only once per set of parts.
 * `body` is built once (with `sql.placeholder`s named by its owner, never shared with another part);
 * `values` are those placeholders' values for one execution.
 */
export interface StatementPart {
  /** The part in the statement's name: one prepared statement per set of parts. */
  name: string;
  body: (at: PartContext) => SQL;
  values: Record<string, unknown>;
}
