import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on a PostgreSQL server (API tests, benchmarks): created under a random name
 * next to `serverUrl`'s database; `drop()` removes it even with connections still open.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  /** A database on the same server to copy (CREATE DATABASE … TEMPLATE): no one may be connected to it. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  // SCRATCH_DATABASE_PREFIX: one engineer's databases on a shared server are told apart by name.
  const name = `${process.env.SCRATCH_DATABASE_PREFIX ?? prefix}_${randomBytes(6).toString('hex')}`;
  const run = (statement: string) => runOnServer(serverUrl, statement);
  await run(`create database ${name}${template ? ` template ${template}` : ''}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** One statement on its own connection to `serverUrl` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
