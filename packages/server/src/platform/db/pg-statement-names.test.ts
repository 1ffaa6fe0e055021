import { describe, expect, it } from 'vitest';
import { createStatementNames, isStalePreparedPlan, MAX_NAMED_PARAMETERS } from './pg-statement-names.js';

describe('createStatementNames', () => {
  it('gives one name per text, the same every time, and different texts different names', () => {
    const names = createStatementNames();
    const a = names.nameFor('select 1 where $1 = 1', 1);
    const b = names.nameFor('select 2 where $1 = 1', 1);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(names.nameFor('select 1 where $1 = 1', 1)).toBe(a);
    expect(names.size).toBe(2);
  });

  it('names no more texts than its limit, nor statements with many parameters', () => {
    const names = createStatementNames(3);
    for (let i = 0; i < 3; i++) expect(names.nameFor(`select ${i} where $1 = 1`, 1)).toBeDefined();
    expect(names.nameFor('select 99 where $1 = 1', 1)).toBeUndefined();
    expect(names.nameFor('select 0 where $1 = 1', 1)).toBeDefined();
    expect(names.size).toBe(3);
    const many = createStatementNames();
    expect(many.nameFor('insert into t values (…)', MAX_NAMED_PARAMETERS + 1)).toBeUndefined();
    expect(many.nameFor('insert into t values (…)', MAX_NAMED_PARAMETERS)).toBeDefined();
  });

  it('gives a retired text a new name, and ignores the retirement of a name given up already', () => {
    const names = createStatementNames();
    const first = names.nameFor('select * from t where id = $1', 1) as string;
    names.retire('select * from t where id = $1', first);
    const second = names.nameFor('select * from t where id = $1', 1) as string;
    expect(second).not.toBe(first);
    names.retire('select * from t where id = $1', first);
    expect(names.nameFor('select * from t where id = $1', 1)).toBe(second);
  });

  it('knows PostgreSQL’s refusal of a prepared plan whose result columns changed', () => {
    expect(isStalePreparedPlan({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePreparedPlan({ code: '0A000', message: 'something else' })).toBe(false);
    expect(isStalePreparedPlan({ code: '23505', message: 'cached plan must not change result type' })).toBe(false);
    expect(isStalePreparedPlan(null)).toBe(false);
  });
});
