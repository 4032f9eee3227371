import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ROOT } from '../lib/server-root';
import { isAbsentOrEmpty, unpackInitdbCopy } from './initdb-copy';
import { PreparedPglite } from './pglite-statements';
import * as schema from './schema';

/**
 * The database, as both drivers give it: PGlite's drizzle and node-postgres' drizzle are each a
 * `PgDatabase` over this schema, so each is a `Db` without a cast (their query-result types differ
 * only in the `execute` rows, which callers read through `rawRows`).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A transaction on either driver: what `db.transaction` hands its callback. A step that relies on
 * row locks lasting until commit (publication, an analysis step, a key correction) takes a `Tx`, so
 * it cannot be called outside one. A `Tx` is also a `Db` (a statement runs on either).
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where a single statement may run: the database or a transaction on it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /**
   * The same database for hot prepared statements whose generic plan was checked to be their custom
   * one: on PostgreSQL its connections plan each prepared statement once (`plan_cache_mode =
   * force_generic_plan`; by default PostgreSQL re-plans a statement at every execution whenever the
   * generic plan's estimate looks dearer, which for the review queue's read cost three times its
   * execution, issue 31). Only statements that run alone belong here (no transaction spans both
   * handles). It has a fifth of the pool's connections (2 of 10) and serves the review queue's read
   * alone: a statement many requests run at once queues there (issue 27's drill draw did, 50
   * concurrent drills on 2 connections, and review reads behind them; it now keeps a generic plan
   * on `db` by reading the values it plans by through sub-selects, with its own limit of draws at
   * once, `PracticeRepository.drawDrill`). On PGlite it is `db`.
   */
  genericPlans: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Opens the main pool's connections before a server takes its first request (PostgreSQL; PGlite has
   * nothing to open). They are kept open from then on: without it, the first burst after a start (or
   * after 10 s without a request, pg-pool's idle timeout) waited for new connections, each a new
   * backend reading the catalogue afresh (issue 27's bench: its first 50 drills took 143–379 ms).
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** Sees every statement the app sends (tests check the plans of the queries the code really makes). */
export type QueryLog = (query: string, params: unknown[]) => void;
const loggerOf = (log?: QueryLog) => (log ? { logger: { logQuery: log } } : {});

const migrationsFolder = path.join(SERVER_ROOT, 'src/db/migrations');

/** A second process tried to open a PGlite data directory that is in use (ADR 015). */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The database folder ${dataDir} is in use by another Quizcast process (it holds the lock on ${dataDir}.lock). ` +
        'Only one process can open the embedded database: stop the server first (then run `npm run admin` ' +
        'or `npm run seed`), or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** `flock` exits with this when the lock is held elsewhere (`-E`). */
const LOCK_HELD_EXIT = 75;
/**
 * How long a start waits for a held lock: a holder killed with -9 releases it only once the kernel
 * has torn down its (large) process and its `cat` has read end-of-file, which can take a moment.
 */
const LOCK_WAIT_SECONDS = 2;
const lockedHere = new Set<string>();

/**
 * An exclusive kernel lock (flock(2)) on `<dir>.lock`, held for as long as this process lives (issue
 * 29): util-linux `flock` takes it and then waits on a pipe from this process. When this process
 * ends, however it ends (kill -9 too), the kernel closes the pipe, the holder reads end-of-file and
 * exits, and the kernel drops the lock: no pid in the file, no stale-lock takeover, and a process in
 * another PID namespace (a second container on the same volume) is refused like any other. The holder
 * runs in its own process group, so a Ctrl+C meant for the server does not drop the lock before the
 * server has closed the database. The returned function releases it and resolves once it is released.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  if (lockedHere.has(lockPath)) throw new DataDirLockedError(dataDir);
  const holder = spawn(
    'flock',
    [
      '--timeout',
      String(LOCK_WAIT_SECONDS),
      '--exclusive',
      '--conflict-exit-code',
      String(LOCK_HELD_EXIT),
      lockPath,
      'sh',
      '-c',
      'echo locked && exec cat >/dev/null',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const gone = new Promise<number | null>((resolve) => holder.once('close', (code) => resolve(code)));
  let stderr = '';
  holder.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  const locked = await new Promise<boolean>((resolve, reject) => {
    holder.stdout.once('data', () => resolve(true));
    holder.once('error', (err) =>
      reject(
        new Error(
          `Could not lock the database folder ${dataDir}: ${err.message} (is util-linux flock installed?)`,
          { cause: err },
        ),
      ),
    );
    holder.once('exit', (code) => {
      if (code === LOCK_HELD_EXIT) resolve(false);
      else
        reject(
          new Error(
            `Could not lock the database folder ${dataDir}: flock exited with ${code} ${stderr.trim()}`,
          ),
        );
    });
  });
  if (!locked) throw new DataDirLockedError(dataDir);
  // The holder must never keep this process alive, nor its pipes: it lives exactly as long as we do.
  holder.unref();
  if (holder.stdin instanceof Socket) holder.stdin.unref(); // a pipe is a net.Socket
  holder.stdout.destroy();
  holder.stderr.destroy();
  lockedHere.add(lockPath);
  let released: Promise<void> | null = null;
  return () => {
    released ??= (async () => {
      holder.ref(); // wait for it now
      holder.stdin.end();
      await gone;
      lockedHere.delete(lockPath);
    })();
    return released;
  };
}

/**
 * PGlite's Node filesystem with a real fsync: Emscripten's NODEFS has none (fsync is a no-op), so a
 * commit reached only the OS cache. With this, PostgreSQL's own WAL flush at commit (fsync=on)
 * reaches the disk before the write is acknowledged.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    type Stream = { nfd?: number };
    type Module = { NODEFS: { stream_ops: { fsync?: (stream: Stream) => number } } };
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: Module) => {
        mod.NODEFS.stream_ops.fsync = (stream) => {
          try {
            if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          } catch {
            /* a directory on a file system that cannot fsync one: nothing more to do */
          }
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * PGlite's buffer cache: 16 MB instead of PostgreSQL's 128 MB. PostgreSQL clears its whole shared
 * memory when it starts, so inside PGlite's WASM heap every megabyte of it is resident from the first
 * second: 128 MB cost ~140 MiB of the embedded server's memory and ~1.4 s of its start (issue 31).
 * The embedded database of one school is a few tens of MB; what falls out of this cache is read back
 * from the OS's file cache.
 */
export const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=16MB'];

/** PGlite's start parameters with fsync on (its defaults pass -F, fsync off) and the WAL synced by fsync. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    ...PGLITE_MEMORY_PARAMS,
    ...['-c', 'fsync=on', '-c', 'synchronous_commit=on'],
    // fdatasync is a no-op in PGlite's runtime; fsync reaches DurableNodeFS.
    ...['-c', 'wal_sync_method=fsync'],
  ];
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps it in memory (tests). On disk the directory
 * is locked against a second process and every acknowledged commit is fsynced (ADR 015);
 * `durable: false` (PGLITE_FSYNC=false) keeps PGlite's defaults: a commit reaches the OS
 * cache, so it survives a killed process but not a power cut.
 */
export async function openPglite(
  dataDir?: string,
  options: {
    durable?: boolean;
    queryLog?: QueryLog;
    /** In memory only: start from this copy of a data directory (pgliteTemplate) instead of an empty one. */
    template?: Uint8Array;
    /**
     * On disk: a new data directory starts from this file (`writeInitdbCopy`'s) instead of running
     * initdb, when the file exists. An existing data directory ignores it.
     */
    initdbCopy?: string;
  } = {},
): Promise<Database> {
  let release = async () => {};
  let copy: Blob | undefined;
  if (dataDir) {
    mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    release = await lockDataDir(path.resolve(dataDir));
    const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
    if (fresh && options.initdbCopy && existsSync(options.initdbCopy) && isAbsentOrEmpty(dataDir)) {
      try {
        await unpackInitdbCopy(options.initdbCopy, dataDir);
      } catch (err) {
        await release();
        throw err;
      }
    }
    mkdirSync(dataDir, { recursive: true });
  } else if (options.template) {
    copy = new Blob([options.template]);
  }
  const durable = options.durable ?? true;
  let client: PGlite;
  try {
    client = await PGlite.create(
      dataDir && durable
        ? {
            fs: new DurableNodeFS(dataDir),
            startParams: durableStartParams(),
            extensions: { pg_trgm },
            loadDataDir: copy,
          }
        : {
            dataDir,
            startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
            extensions: { pg_trgm },
            loadDataDir: copy,
          },
    );
  } catch (err) {
    await release();
    throw err;
  }
  // Statements prepared once, as on PostgreSQL (PGlite's own query() parses and plans every call).
  const prepared = new PreparedPglite(client);
  const db: Db = drizzlePglite({
    client: prepared as unknown as PGlite,
    schema,
    ...loggerOf(options.queryLog),
  });
  return {
    db,
    genericPlans: db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    warm: async () => {},
    close: async () => {
      if (!client.closed) await client.close();
      await release();
    },
  };
}

/**
 * A migrated, empty in-memory database's data directory, as an uncompressed tarball: a database opened
 * from it (`openPglite(undefined, { template })`) skips PGlite's initdb and the migrations, about 4 s
 * of CPU of each test file's 5–6 s start (the API suite opens one per file).
 */
export async function pgliteTemplate(): Promise<Uint8Array> {
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
    extensions: { pg_trgm },
  });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    const tarball = await client.dumpDataDir('none');
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await client.close();
  }
}

/**
 * What PGlite's initdb makes, as an uncompressed tarball for `openPglite`'s `initdbCopy`, named by
 * PGlite's version (a copy made by another version is never loaded). `npm run build` writes it
 * (scripts/build.mjs runs dist/initdb-copy.js), so a first start on a new data directory loads it
 * instead of running initdb: initdb runs two more PostgreSQL instances (WASM) beside the server's
 * own, and took the embedded server's first start to ~670 MiB resident against ~365 MiB from the
 * copy (issue 31, scripts/measure-start.mjs on a fresh folder).
 */
export const PGLITE_INITDB_COPY = path.join(SERVER_ROOT, 'dist', `pglite-initdb-${pgliteVersion()}.tar`);

function pgliteVersion(): string {
  // The package exports no package.json: read it beside its entry (node_modules/…/pglite/dist/index.cjs).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(path.dirname(entry)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Runs PGlite's initdb in memory and writes its data directory to `file` (see PGLITE_INITDB_COPY). */
export async function writeInitdbCopy(file = PGLITE_INITDB_COPY): Promise<void> {
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
  });
  try {
    const tarball = await client.dumpDataDir('none');
    // Whole or not at all: a build killed while writing leaves a `.<pid>.partial` nobody reads. A tar cut on
    // an entry's boundary unpacks without a complaint, and the data directory made from it would
    // never be unpacked again (it has PG_VERSION).
    const partial = `${file}.${process.pid}.partial`;
    const fd = openSync(partial, 'w');
    try {
      writeFileSync(fd, new Uint8Array(await tarball.arrayBuffer()));
      fsyncSync(fd); // on disk before its name says it is whole
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } finally {
    await client.close();
  }
}

/** What pg-pool throws when no connection could be had in time (pool exhausted or server slow to accept). */
const POOL_TIMEOUT =
  /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout)$/;

/** True when `err` (or an error it wraps, as the query builder does) is a pool connection timeout. */
export function isPoolTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (POOL_TIMEOUT.test(e.message)) return true;
  }
  return false;
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  queryLog?: QueryLog,
  connectionTimeoutMs = 5000,
  /** A client-side bound on each statement (the read replica's: a hung replica falls back, never hangs). */
  queryTimeoutMs?: number,
  /**
   * Whether `genericPlans` has its own connections (DATABASE_GENERIC_PLANS): they set
   * `plan_cache_mode` in the startup packet, which a pooler in between may refuse (PgBouncer does,
   * unless told to forward `options`); off, `genericPlans` is `db` (PostgreSQL's default planning).
   */
  ownGenericPlans = true,
): Promise<Database> {
  // A fifth of the connections (at least one) plan each prepared statement once (`genericPlans`
  // below: the review queue's read, nothing else); the process still opens at most `poolSize`
  // connections in all (2 when it is 1).
  const genericSize = ownGenericPlans ? Math.max(1, Math.round(poolSize / 5)) : 0;
  const mainSize = Math.max(1, poolSize - genericSize);
  const pool = new pg.Pool({
    connectionString: url,
    max: mainSize,
    // Connections once opened stay open (`warm`): none is closed for being idle, and TCP keepalive
    // finds one a firewall or NAT dropped silently before a query waits on it.
    min: mainSize,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: connectionTimeoutMs,
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
  });
  pool.on('error', () => {
    /* a dropped idle client is replaced on the next query; health reports it */
  });
  const db: Db = drizzleNodePg({ client: pool, schema, ...loggerOf(queryLog) });
  // Connections are opened on demand: an app that never reads the review queue opens none of these.
  const genericPool = !ownGenericPlans
    ? undefined
    : new pg.Pool({
        connectionString: url,
        max: genericSize,
        connectionTimeoutMillis: connectionTimeoutMs,
        options: '-c plan_cache_mode=force_generic_plan',
        ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
      });
  genericPool?.on('error', () => {
    /* as the main pool */
  });
  const genericPlans: Db = genericPool
    ? drizzleNodePg({ client: genericPool, schema, ...loggerOf(queryLog) })
    : db;
  let closed = false;
  return {
    db,
    genericPlans,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg({ client: pool, schema }), { migrationsFolder }),
    // Both handles: connections a pooler refuses (the generic plans' startup option) fail health.
    ping: async () => {
      await Promise.all([db.execute(sql`select 1`), genericPool && genericPlans.execute(sql`select 1`)]);
    },
    warm: async () => {
      const clients = await Promise.all(Array.from({ length: mainSize }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), genericPool?.end()]);
    },
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  connectionTimeoutMs?: number;
  pgliteFsync?: boolean;
  /** DATABASE_GENERIC_PLANS (PostgreSQL): `openPostgres`' `ownGenericPlans`. */
  genericPlans?: boolean;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.poolSize,
        undefined,
        options.connectionTimeoutMs,
        undefined,
        options.genericPlans ?? true,
      )
    : openPglite(path.resolve(options.dataDir, 'pg'), {
        durable: options.pgliteFsync ?? true,
        initdbCopy: PGLITE_INITDB_COPY,
      });
}
