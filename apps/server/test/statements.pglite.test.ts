import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../src/db/client';
import { PreparedPglite } from '../src/db/pglite-statements';

// drizzle's PGlite driver keeps times as text and maps them itself; these are its parsers.
const asText = (value: string) => value;
const drizzleParsers = { [types.TIMESTAMPTZ]: asText, [types.TIMESTAMP]: asText, [types.DATE]: asText };

/** The statements this PGlite holds under a name (read with PGlite's own unnamed query). */
async function heldStatements(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by prepare_time',
  );
  return rows.map((r) => r.statement);
}

describe('PGlite with prepared statements (PreparedPglite)', () => {
  let client: PGlite;
  let prepared: PreparedPglite;

  beforeEach(async () => {
    client = await PGlite.create();
    prepared = new PreparedPglite(client, 3);
    await client.exec(`
      create table t (id int primary key, doc jsonb, at timestamptz, tags text[], price numeric, note text);
      insert into t values (1, '{"a":[1,2]}', '2026-11-25T05:00:00.123Z', '{x,y}', 11.80, null);
    `);
  });

  afterEach(async () => {
    await client.close();
  });

  it('parses a statement once and then runs it by name', async () => {
    const text = 'select id from t where id = $1';
    await prepared.query(text, [1]);
    await prepared.query(text, [2]);
    await prepared.query(text, [1]);
    expect(await heldStatements(client)).toEqual([text]);
  });

  it('answers exactly as PGlite’s own query() does, in array and object mode, with and without RETURNING', async () => {
    const read = 'select id, doc, at, tags, price, note from t where id = $1';
    for (const options of [undefined, { rowMode: 'array' as const, parsers: drizzleParsers }]) {
      for (let run = 0; run < 2; run++) {
        expect(await prepared.query(read, [1], options)).toEqual(await client.query(read, [1], options));
      }
    }
    const insert = 'insert into t (id, doc, at, tags) values ($1, $2, $3, $4) returning *';
    const inserted = await prepared.query(insert, [2, { b: true }, new Date('2026-11-25T05:00:00Z'), ['z']]);
    const expected = await client.query(insert, [3, { b: true }, new Date('2026-11-25T05:00:00Z'), ['z']]);
    expect({ ...inserted, rows: inserted.rows.map((r) => ({ ...(r as object), id: 3 })) }).toEqual(expected);
    const update = 'update t set note = $1 where id > $2';
    const updated = await prepared.query(update, ['n', 1]);
    expect(updated).toMatchObject({ rows: [], fields: [], affectedRows: 2 });
    expect(updated).toEqual(await client.query(update, ['n', 1]));
  });

  it('throws PostgreSQL’s error with the query, like PGlite, and the statement still runs afterwards', async () => {
    const insert = 'insert into t (id) values ($1)';
    const err = await prepared.query(insert, [1]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: [1] });
    await prepared.query(insert, [5]);
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    // A statement PostgreSQL cannot parse is not held.
    await expect(prepared.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect(await heldStatements(client)).toEqual([insert]);
  });

  it('never runs inside another caller’s transaction: it waits for it to end', async () => {
    const order: string[] = [];
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (7)');
        inserted();
        await gate;
        order.push('transaction rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await didInsert;
    const counted = prepared.query<{ n: number }>('select count(*)::int as n from t').then((r) => {
      order.push('count');
      return r.rows[0]!.n;
    });
    release();
    await transaction;
    expect(await counted).toBe(1);
    expect(order).toEqual(['transaction rolled back', 'count']);
  });

  it('holds at most its bound of statements, closing the least recently used', async () => {
    const texts = ['select 1 as a', 'select 2 as b', 'select 3 as c', 'select 4 as d'];
    for (const text of texts) await prepared.query(text);
    expect(await heldStatements(client)).toEqual(texts.slice(1));
    expect(prepared.statementCount).toBe(3);
    expect((await prepared.query('select 1 as a')).rows).toEqual([{ a: 1 }]);
    expect(await heldStatements(client)).toEqual([...texts.slice(2), texts[0]]);
  });

  it('prepares again a statement whose rows changed shape (a column added under select *)', async () => {
    const text = 'select * from t where id = $1';
    expect((await prepared.query(text, [1])).fields.map((f) => f.name)).not.toContain('extra');
    await client.exec('alter table t add column extra int default 42');
    const again = await prepared.query<{ extra: number }>(text, [1]);
    expect(again.rows[0]!.extra).toBe(42);
  });
});

describe('the app’s PGlite database', () => {
  let database: Database;

  afterEach(async () => {
    await database.close();
  });

  it('runs drizzle’s statements prepared, as on PostgreSQL', async () => {
    database = await openPglite();
    await database.migrate();
    const client = (database.db as unknown as { $client: PreparedPglite }).$client;
    expect(client).toBeInstanceOf(PreparedPglite);
    const hot = database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`users`)
      .prepare('count_users');
    await hot.execute();
    await hot.execute();
    expect(await heldStatements(client.client)).toContain('select count(*)::int from users');
  });
});
