import {
  parse,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  type types,
} from '@electric-sql/pglite';

type Parser = types.Parser;

/** What a named statement needs to run again: its parameter types and the shape of its rows. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (none for a command without RETURNING). */
  rowDescription: messages.BackendMessage | undefined;
}

/** A statement of more characters than this (a bulk insert of many rows) runs as PGlite runs it. */
const MAX_TEXT_LENGTH = 16_384;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PostgreSQL refuses a cached plan whose rows changed shape (a column added under `returning *`). */
function isStaleStatement(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: string }).code === '0A000' &&
    err.message === 'cached plan must not change result type'
  );
}

/** As PGlite's own query() annotates its errors (`makePGliteError`). */
function withQuery(
  err: unknown,
  query: string,
  params: unknown[],
  options: QueryOptions | undefined,
): unknown {
  if (err instanceof Error && 'code' in err) Object.assign(err, { query, params, queryOptions: options });
  return err;
}

/**
 * PGlite with prepared statements, for drizzle's `client`. PGlite's `query()` sends every statement
 * unnamed (Parse, Describe, Bind, Describe, Execute, Sync: six calls into the WASM backend), so
 * PostgreSQL parses and plans it on every call; on the herd's start that was three quarters of the
 * statement's cost (bench/README.md, "Fourth pass"). Here a statement is parsed and described once
 * under a name (as node-postgres does on PostgreSQL for drizzle's `.prepare(name)`), and each call
 * is one Bind, Execute, Sync; PostgreSQL's plan cache then plans it as it would on a server
 * (custom plans first, a generic plan when that costs no more). Results, errors and
 * serialisation are PGlite's own (`parseResults`, its parsers and serializers).
 *
 * The statements are keyed by their SQL text, at most `maxStatements` of them (the least recently
 * used is closed). Each call takes PGlite's transaction mutex, as `query()` does, so it never runs
 * inside another caller's transaction; statements inside `transaction()` run as PGlite runs them.
 */
export class PreparedPglite {
  private readonly statements = new Map<string, Statement>();
  private nextName = 0;
  /**
   * PGlite's parsers merged with a caller's (drizzle passes the same `parsers` object on every call
   * of a prepared query): parseResults would otherwise copy PGlite's few hundred parsers on every
   * call, 7% of the herd's start phase.
   */
  private readonly mergedParsers = new WeakMap<object, Record<number | string, Parser>>();

  constructor(
    readonly client: PGlite,
    private readonly maxStatements = 200,
  ) {}

  get closed(): boolean {
    return this.client.closed;
  }

  /** How many named statements are held (tests). */
  get statementCount(): number {
    return this.statements.size;
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.client.transaction(callback);
  }

  async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (query.length > MAX_TEXT_LENGTH || options?.blob) return this.client.query<T>(query, params, options);
    await this.client._checkReady();
    return this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        await this.client._checkReady(); // closed while this call waited
        try {
          return await this.run<T>(query, params, options);
        } catch (err) {
          if (!isStaleStatement(err)) throw withQuery(err, query, params, options);
          await this.forget(query);
          try {
            return await this.run<T>(query, params, options);
          } catch (again) {
            throw withQuery(again, query, params, options);
          }
        }
      }),
    );
  }

  private async run<T>(
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const statement = await this.statement(query, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? this.client.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await this.client.execProtocol(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: true },
    );
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const parsers = options?.parsers ? this.parsersWith(options.parsers) : this.client.parsers;
    const parseOptions = options && { rowMode: options.rowMode };
    return parse.parseResults(described, parsers, parseOptions)[0] as Results<T>;
  }

  private parsersWith(own: object): Record<number | string, Parser> {
    let merged = this.mergedParsers.get(own);
    if (!merged) {
      merged = { ...this.client.parsers, ...own };
      this.mergedParsers.set(own, merged);
    }
    return merged;
  }

  /** The named statement for this text, parsed and described on first use (the most recent last). */
  private async statement(query: string, options: QueryOptions | undefined): Promise<Statement> {
    const held = this.statements.get(query);
    if (held) {
      this.statements.delete(query);
      this.statements.set(query, held);
      return held;
    }
    if (this.statements.size >= this.maxStatements) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) await this.forget(oldest);
    }
    const name = `qc_${this.nextName++}`;
    const { messages } = await this.client.execProtocol(
      concat([
        protocol.serialize.parse({ name, text: query, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    this.statements.set(query, statement);
    return statement;
  }

  private async forget(query: string): Promise<void> {
    const statement = this.statements.get(query);
    if (!statement) return;
    this.statements.delete(query);
    await this.client.execProtocol(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
  }
}
