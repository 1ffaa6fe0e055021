import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../testing.js';
import { openDatabase, pgConnectionConfig, pgPoolOf } from './connect.js';
import type { Database } from './schema.js';
import { runTogether, writeAtCommit } from './together.js';

// `runTogether` (issue 20): statements of one transaction sent as one step. They must run in the
// order given with each one's own answer, fail the transaction as one, and on PostgreSQL go out
// before the first answer comes back (one round trip). `writeAtCommit`: writes that go with the
// commit, in order, after the rest of the transaction; one that fails leaves nothing committed.

const raw = (text: string, ...parameters: unknown[]) => CompiledQuery.raw(text, parameters);

interface WireLog {
  /** 'write' for each write to a PostgreSQL socket, 'answer' for each statement's end, while recording. */
  readonly events: string[];
  recording: boolean;
}

const wireLogs = new WeakMap<object, WireLog>();

/** Watches the sockets of `db`'s PostgreSQL connections (each connection hooked once). */
function wireLog(db: Kysely<Database>): WireLog {
  const known = wireLogs.get(db);
  if (known) return known;
  const log: WireLog = { events: [], recording: false };
  wireLogs.set(db, log);
  const hooked = new WeakSet<object>();
  pgPoolOf(db)!.on('acquire', (client) => {
    if (hooked.has(client)) return;
    hooked.add(client);
    const connection = (client as unknown as { connection: { stream: { write: Function }; prependListener: Function } })
      .connection;
    const write = connection.stream.write.bind(connection.stream);
    connection.stream.write = (...args: unknown[]) => {
      if (log.recording) log.events.push('write');
      return write(...args);
    };
    // Before pg's own handler, which sends a queued statement when not pipelining.
    connection.prependListener('readyForQuery', () => {
      if (log.recording) log.events.push('answer');
    });
  });
  return log;
}

for (const dialect of DIALECTS) {
  describe(`runTogether (${dialect})`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'tessera-together-'));
        db = openDatabase({ sqliteFile: join(dir, 'together.db') }).db;
        cleanup = async () => {
          await db.destroy();
          rmSync(dir, { recursive: true, force: true });
        };
      } else {
        const schema = `together_${process.pid}_${Date.now()}`;
        const admin = new pg.Client(pgConnectionConfig(TEST_DATABASE_URL));
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        db = openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema }).db;
        cleanup = async () => {
          await db.destroy();
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        };
      }
      await sql`create table together_t (n integer primary key)`.execute(db);
    });
    afterAll(() => cleanup());

    it('runs the statements in the order given, each answering for itself', async () => {
      const results = await db
        .transaction()
        .execute((trx) =>
          runTogether(trx, [
            raw('insert into together_t (n) values (1)'),
            raw('select count(*) as c from together_t'),
            raw('insert into together_t (n) values (2)'),
            raw('select n from together_t order by n'),
          ]),
        );
      expect(results).toHaveLength(4);
      expect(Number((results[1]!.rows[0] as { c: unknown }).c)).toBe(1);
      expect(results[3]!.rows.map((r) => Number((r as { n: unknown }).n))).toEqual([1, 2]);
      expect(Number(results[2]!.numAffectedRows)).toBe(1);
    });

    it('fails the transaction as one: a failing statement takes the others’ writes with it', async () => {
      const attempt = db
        .transaction()
        .execute((trx) =>
          runTogether(trx, [
            raw('insert into together_t (n) values (3)'),
            raw('insert into together_t (n) values (1)'),
          ]),
        );
      await expect(attempt).rejects.toThrow();
      const rows = await sql<{ n: number }>`select n from together_t order by n`.execute(db);
      expect(rows.rows.map((r) => Number(r.n))).toEqual([1, 2]);
    });

    it.runIf(dialect === 'postgres')('sends them all before the first answer arrives (one round trip)', async () => {
      const wire = wireLog(db);
      const step = async (together: boolean) => {
        wire.events.length = 0;
        await db.transaction().execute(async (trx) => {
          await trx.executeQuery(raw('select 1'));
          wire.recording = true;
          const queries = [raw('select n from together_t where n = $1', 1), raw('select count(*) from together_t')];
          if (together) await runTogether(trx, queries);
          else for (const query of queries) await trx.executeQuery(query);
          wire.recording = false;
        });
        return wire.events.join(' ');
      };
      // One after the other, an answer comes between the two statements' writes...
      expect(await step(false)).toMatch(/write.*answer.*write.*answer$/);
      // ...together, every write goes before the first answer.
      expect(await step(true)).toMatch(/^(write )+answer answer$/);
    });

    describe('writeAtCommit', () => {
      const numbers = async (from: number, to: number) =>
        (
          await sql<{ n: number }>`select n from together_t where n >= ${from} and n < ${to} order by n`.execute(db)
        ).rows.map((r) => Number(r.n));

      it('runs the writes in order at the commit, after everything else the transaction did', async () => {
        const seenInside = await db.transaction().execute(async (trx) => {
          await writeAtCommit(trx, [
            raw('insert into together_t (n) values (10)'),
            raw('update together_t set n = 11 where n = 10'),
          ]);
          await trx.executeQuery(raw('insert into together_t (n) values (12)'));
          return (await trx.executeQuery(raw('select n from together_t where n >= 10 and n < 20'))).rows.length;
        });
        // Not yet written while the transaction ran; both, in order, once it committed.
        expect(seenInside).toBe(1);
        expect(await numbers(10, 20)).toEqual([11, 12]);
      });

      it('commits nothing when one of the writes fails, and fails with its error', async () => {
        const attempt = db.transaction().execute(async (trx) => {
          await trx.executeQuery(raw('insert into together_t (n) values (20)'));
          await writeAtCommit(trx, [
            raw('insert into together_t (n) values (21)'),
            raw('insert into together_t (n) values (1)'),
            raw('insert into together_t (n) values (22)'),
          ]);
          return 'answered';
        });
        await expect(attempt).rejects.toThrow(/unique|duplicate/i);
        expect(await numbers(20, 30)).toEqual([]);
        // The connection is fit for the next transaction.
        await db.transaction().execute((trx) => writeAtCommit(trx, [raw('insert into together_t (n) values (23)')]));
        expect(await numbers(20, 30)).toEqual([23]);
      });

      it('sends nothing when the transaction fails before its commit', async () => {
        const attempt = db.transaction().execute(async (trx) => {
          await writeAtCommit(trx, [raw('insert into together_t (n) values (30)')]);
          throw new Error('changed its mind');
        });
        await expect(attempt).rejects.toThrow('changed its mind');
        expect(await numbers(30, 40)).toEqual([]);
      });

      it('runs at once outside a transaction', async () => {
        await writeAtCommit(db, [
          raw('insert into together_t (n) values (40)'),
          raw('insert into together_t (n) values (41)'),
        ]);
        expect(await numbers(40, 50)).toEqual([40, 41]);
      });

      it.runIf(dialect === 'postgres')('sends the writes and the commit before the first answer arrives', async () => {
        const wire = wireLog(db);
        wire.events.length = 0;
        await db.transaction().execute(async (trx) => {
          await trx.executeQuery(raw('select 1'));
          await writeAtCommit(trx, [
            raw('insert into together_t (n) values (50)'),
            raw('insert into together_t (n) values (51)'),
          ]);
          wire.recording = true;
        });
        wire.recording = false;
        // Two writes and the commit, then their three answers.
        expect(wire.events.join(' ')).toMatch(/^(write )+answer answer answer$/);
        expect(await numbers(50, 60)).toEqual([50, 51]);
      });
    });
  });
}
