import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { AT_COMMIT, isAtCommit, isTogether, TOGETHER, TOGETHER_RESULTS } from './together.js';

/** Tables a statement wrote, or 'unknown' when it might have written anything (raw SQL, CTEs). */
export type WrittenTables = ReadonlySet<string> | 'unknown';

/**
 * `visible` is false when the statement is about to run (or runs inside an open transaction) and
 * true once other connections can see what it wrote (at once outside a transaction, at commit).
 */
export type WriteListener = (tables: WrittenTables, visible: boolean) => void;

/**
 * Tells listeners about every statement that may change rows, as the database driver runs it:
 * once when it runs (so loads that overlap it are not kept) and once when it is visible to other
 * connections (at once outside a transaction, at commit inside one). Caches of database rows in
 * this process (`content-service.ts`) forget what such a write may have changed.
 */
export class WriteWatch {
  private readonly listeners = new Set<WriteListener>();

  subscribe(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(tables: WrittenTables, visible = true): void {
    for (const listener of this.listeners) listener(tables, visible);
  }
}

const watches = new WeakMap<object, WriteWatch>();

/** The watch of a database opened by `openDatabase` (platform/db/connect.ts), or undefined. */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

export interface WatchOptions {
  /**
   * The database aborts a transaction at its first failed statement, so that a `commit` sent behind
   * it rolls back (PostgreSQL): writes kept for the commit (`writeAtCommit`) are then sent with it,
   * without waiting for their answers. Otherwise (SQLite) the commit waits for them.
   */
  readonly failedStatementAborts?: boolean;
}

/** Wraps `dialect` so that `watch` hears of every write through it; register the Kysely afterwards. */
export function watchWrites(dialect: Dialect, watch: WriteWatch, options: WatchOptions = {}): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), watch, options.failedStatementAborts === true),
  };
}

export function registerWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

const READ_ONLY = /^\s*(select|pragma|explain|show|set|begin|start transaction|savepoint|release|rollback)\b/i;
const WRITE =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from|replace\s+into)\s+(?:"([^"]+)"\.)?"?([A-Za-z_][\w]*)"?/i;

/** What a compiled statement may write: nothing for a plain select, its table when it says, else 'unknown'. */
export function writtenTables(query: CompiledQuery): WrittenTables | undefined {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode' && !(query.query as { with?: unknown }).with) return undefined;
  const sql = query.sql;
  if (kind !== 'InsertQueryNode' && kind !== 'UpdateQueryNode' && kind !== 'DeleteQueryNode') {
    if (READ_ONLY.test(sql) && !/\b(insert|update|delete)\b/i.test(sql)) return undefined;
    return 'unknown';
  }
  // A data-modifying CTE or a multi-table statement: say anything may have changed.
  if ((query.query as { with?: unknown }).with) return 'unknown';
  const match = WRITE.exec(sql);
  const table = match?.[2];
  return table ? new Set([table]) : 'unknown';
}

class WatchedConnection implements DatabaseConnection {
  /** Tables written in the open transaction, reported at commit. */
  pending: Set<string> | 'unknown' | undefined;
  inTransaction = false;
  /** Writes of the open transaction kept for its commit (`writeAtCommit`), in order. */
  atCommit: CompiledQuery[] = [];

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (isTogether(query)) {
      // Each started before any is awaited, in order (`together.ts`): the inner connection hands each
      // to the driver as it starts.
      const results = await Promise.all(query[TOGETHER].map((one) => this.executeQuery<unknown>(one)));
      return { rows: [], [TOGETHER_RESULTS]: results } as QueryResult<R>;
    }
    if (isAtCommit(query)) {
      if (this.inTransaction) this.atCommit.push(...query[AT_COMMIT]);
      else for (const one of query[AT_COMMIT]) await this.executeQuery(one);
      return { rows: [], [AT_COMMIT]: true } as QueryResult<R>;
    }
    const tables = writtenTables(query);
    if (tables === undefined) return this.inner.executeQuery<R>(query);
    this.watch.notify(tables, false);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (this.inTransaction) this.remember(tables);
      else this.watch.notify(tables, true);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  private remember(tables: WrittenTables): void {
    if (tables === 'unknown' || this.pending === 'unknown') {
      this.pending = 'unknown';
      return;
    }
    this.pending ??= new Set();
    for (const table of tables) this.pending.add(table);
  }

  /** The transaction ended: what it wrote is now visible (or rolled back, which changes nothing). */
  settle(committed: boolean): void {
    const pending = this.pending;
    this.pending = undefined;
    this.inTransaction = false;
    this.atCommit = [];
    if (committed && pending !== undefined) this.watch.notify(pending, true);
  }
}

class WatchedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
    private readonly failedStatementAborts: boolean,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.wrapped.get(connection);
    if (watched === undefined) {
      watched = new WatchedConnection(connection, this.watch);
      this.wrapped.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
    watched.atCommit = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    const last = watched.atCommit;
    watched.atCommit = [];
    try {
      if (last.length === 0) await this.inner.commitTransaction(watched.inner);
      else if (!this.failedStatementAborts) {
        // A failed write throws before the commit is sent: the caller's rollback follows.
        for (const query of last) await watched.executeQuery(query);
        await this.inner.commitTransaction(watched.inner);
      } else {
        // Each handed to the driver before any answer is awaited, the commit last (one round trip with
        // pg's pipeline mode). A failed write has aborted the transaction, so the commit rolled back.
        const writes = Promise.all(last.map((query) => watched.executeQuery(query)));
        const committed = this.inner.commitTransaction(watched.inner);
        const failure = await writes.then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
        await committed.catch((error: unknown) => {
          if (failure === undefined) throw error;
        });
        if (failure !== undefined) throw failure.error;
      }
    } finally {
      // Even a failed commit may have written: say so rather than keep stale rows.
      watched.settle(true);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.settle(false);
    }
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('This database driver has no savepoints.');
    return this.inner.savepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('This database driver has no savepoints.');
    return this.inner.rollbackToSavepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('This database driver has no savepoints.');
    return this.inner.releaseSavepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
