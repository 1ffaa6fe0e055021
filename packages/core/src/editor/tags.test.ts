import { describe, expect, it } from 'vitest';
import {
  checkPostTerms,
  checkTermName,
  findTerm,
  normalizeTerm,
  startTermEdit,
  TERM_MAX_LENGTH,
  termKey,
} from './tags.js';

describe('tag and category names', () => {
  it('tidies white space and compares without case', () => {
    expect(normalizeTerm('  linen \n  care ')).toBe('linen care');
    expect(termKey(' Linen  Care')).toBe(termKey('linen care'));
    expect(findTerm(['Care', 'wool'], ' care ')).toBe('Care');
    expect(findTerm(['Care'], 'cares')).toBeUndefined();
  });

  it('keeps SPEC’s limits: a tag up to 50 characters, a category up to 25', () => {
    expect(TERM_MAX_LENGTH).toEqual({ tag: 50, category: 25 });
    expect(checkTermName('tag', 'a'.repeat(50), [])).toEqual({ ok: true, value: 'a'.repeat(50) });
    expect(checkTermName('tag', 'a'.repeat(51), [])).toEqual({
      ok: false,
      error: 'A tag can be at most 50 characters long.',
    });
    expect(checkTermName('category', 'b'.repeat(25), []).ok).toBe(true);
    expect(checkTermName('category', 'b'.repeat(26), [])).toEqual({
      ok: false,
      error: 'A category can be at most 25 characters long.',
    });
    // Counted in characters, not UTF-16 units.
    expect(checkTermName('category', '🌿'.repeat(25), []).ok).toBe(true);
  });

  it('refuses empty names and control characters', () => {
    expect(checkTermName('tag', '   ', [])).toEqual({ ok: false, error: 'Enter a tag name.' });
    expect(checkTermName('category', 'a\u0000b', [])).toEqual({
      ok: false,
      error: 'A category cannot contain control characters.',
    });
  });

  it('says a name is taken in SPEC’s words, whatever its case', () => {
    expect(checkTermName('tag', 'CARE', ['care', 'wool'])).toEqual({ ok: false, error: 'This tag already exists' });
    expect(checkTermName('category', 'Guides', ['guides'])).toEqual({
      ok: false,
      error: 'This category already exists',
    });
    expect(checkTermName('tag', 'linen', ['care'])).toEqual({ ok: true, value: 'linen' });
  });

  it('lets a rename keep its own name or change only its case', () => {
    expect(checkTermName('tag', 'Care', ['care', 'wool'], { renaming: 'care' })).toEqual({ ok: true, value: 'Care' });
    expect(checkTermName('tag', 'wool', ['care', 'wool'], { renaming: 'care' })).toEqual({
      ok: false,
      error: 'This tag already exists',
    });
  });
});

describe('the terms of one post', () => {
  it('takes the blog’s spelling of a known name and refuses the same name twice', () => {
    expect(checkPostTerms('tag', ['care ', 'New one'], ['Care'])).toEqual({ ok: true, value: ['Care', 'New one'] });
    expect(checkPostTerms('tag', ['care', 'CARE'], [])).toEqual({ ok: false, error: 'This tag already exists' });
    expect(checkPostTerms('category', ['x'.repeat(26)], [])).toEqual({
      ok: false,
      error: 'A category can be at most 25 characters long.',
    });
    expect(
      checkPostTerms(
        'tag',
        Array.from({ length: 51 }, (_, i) => `t${i}`),
        [],
      ).ok,
    ).toBe(false);
  });
});

describe('one edit at a time in the tag manager', () => {
  it('opens an edit when none is open, or the same one again', () => {
    expect(startTermEdit(undefined, { kind: 'tag', name: 'care' })).toEqual({
      ok: true,
      edit: { kind: 'tag', name: 'care' },
    });
    expect(startTermEdit({ kind: 'tag', name: 'care' }, { kind: 'tag', name: 'Care' }).ok).toBe(true);
  });

  it('refuses a second edit with SPEC’s message for the kind asked for', () => {
    expect(startTermEdit({ kind: 'tag', name: 'care' }, { kind: 'tag', name: 'wool' })).toEqual({
      ok: false,
      error: 'You may only edit one tag at a time',
    });
    expect(startTermEdit({ kind: 'tag', name: 'care' }, { kind: 'category', name: 'Guides' })).toEqual({
      ok: false,
      error: 'You may only edit one category at a time',
    });
  });
});
