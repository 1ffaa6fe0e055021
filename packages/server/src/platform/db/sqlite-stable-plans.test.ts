import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { stablePlanSql } from './sqlite-stable-plans.js';

describe('stablePlanSql', () => {
  it('writes each parameter as +? and leaves literals, quoted names and comments alone', () => {
    expect(stablePlanSql('select * from "items" where "site_id" = ? and "id" in (?, ?) limit ? offset ?')).toBe(
      'select * from "items" where "site_id" = +? and "id" in (+?, +?) limit +? offset +?',
    );
    expect(stablePlanSql(`select 'why?' as "a?", [b?] from t -- c?\nwhere x = ? /* d? */ and y = 'it''s?'`)).toBe(
      `select 'why?' as "a?", [b?] from t -- c?\nwhere x = +? /* d? */ and y = 'it''s?'`,
    );
    expect(stablePlanSql('insert into t (a, b) values (?, ?) returning *')).toBe(
      'insert into t (a, b) values (+?, +?) returning *',
    );
    expect(stablePlanSql('create table t (a text)')).toBe('create table t (a text)');
  });

  it('gives the same rows as the statement as written, for values of every type', () => {
    const db = new SQLite(':memory:');
    db.exec(`create table t (id text primary key, site text not null, n integer, r real, body text);
             create index t_site on t (site, n);`);
    const insert = db.prepare(stablePlanSql('insert into t (id, site, n, r, body) values (?, ?, ?, ?, ?)'));
    for (let i = 0; i < 30; i++) insert.run(`id${i}`, `s${i % 3}`, i, i / 4, i % 5 === 0 ? null : `{"k":${i}}`);
    const cases: [string, unknown[]][] = [
      ['select id from t where site = ? and n > ? order by n desc limit ? offset ?', ['s1', 4, 3, 1]],
      ['select id from t where n = ?', ['7']], // text compared with an integer column: the column's affinity applies
      ['select id from t where r = ?', [2.5]],
      ['select id from t where body is ? order by id', [null]],
      ['select id from t where body ->> ? = ? order by id', ['$.k', 12]],
      ['select count(*) as c from t where id like ? and site in (?, ?)', ['id1%', 's1', 's2']],
      ['select ? || id as x from t where id = ?', ['x-', 'id3']],
      ['select id from t where n between ? and ? order by n limit ?', [10, 20, 0]],
    ];
    for (const [source, values] of cases) {
      expect(db.prepare(stablePlanSql(source)).all(...values), source).toEqual(db.prepare(source).all(...values));
    }
  });
});
