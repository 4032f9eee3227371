import { testDatabaseKind } from '../helpers';

/** Shared by the hostile suite: which database answered, and one line per figure (docs/security.md). */

export const hostileDatabase =
  testDatabaseKind === 'postgres'
    ? 'PostgreSQL (TEST_DATABASE_URL)'
    : 'PGlite (set TEST_DATABASE_URL for PostgreSQL; PGlite has one connection, so nothing truly runs at once)';

/** Printed so a run shows its figures; docs/security.md lists the same lines. */
export function reportFigure(name: string, figure: string): void {
  console.log(`[hostile] ${name}: ${figure} — on ${hostileDatabase}`);
}

/** A fixed seed by default so a failure can be replayed; HOSTILE_SEED explores others. */
export const HOSTILE_SEED = Number(process.env.HOSTILE_SEED ?? 15);
