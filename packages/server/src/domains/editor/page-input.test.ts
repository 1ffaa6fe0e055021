import { EDITOR_MESSAGES, slugFromTitle, validateFileName, validatePageSettings, validateSlug } from '@tessera/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTesseraError } from '../../platform/errors/index.js';
import { checkSections } from '../content/pages/page-store.js';
import { checkPageSettings, fileNameOf, parseCreatePage, parseDraft, renameTarget } from './page-input.js';

// The schemas the editor's routes parse with answer what the routes answered before they had schemas
// (core's `validatePageSettings`, `validateFileName`, the page store's `checkSections`, the create
// route's own checks): the same field texts, in the same order. The one change: a value of the wrong
// type that the old checks turned into something else (a slug of 5 read as "5", a folder flag of
// "yes" read as false) is refused now, as the published schema says.

/** The answer of a check: its value, or its refusal as `{ message, field }`. */
function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (error) {
    if (!isTesseraError(error)) throw error;
    return { error: error.code, message: error.message, field: error.extra?.field };
  }
}

const RUNS = 400;
const text = fc.oneof(
  fc.constantFrom('', ' ', 'about', ' About ', 'api', 'a--b', 'good-slug', '2025', '//evil', '/shop', 'https://x.io'),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 195, maxLength: 205 }),
  fc.constantFrom('x'.repeat(121), 'x'.repeat(401), ' '.repeat(3) + 'y'.repeat(199)),
);
const other = fc.oneof(
  fc.integer({ min: -3, max: 4 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom([], ['a'], {}, { a: 1 }, 1.5),
);
const anyField = fc.oneof(text, other);

describe('page settings', () => {
  const settings = fc.record(
    {
      title: anyField,
      slug: text,
      navigationTitle: anyField,
      seoTitle: anyField,
      seoDescription: anyField,
      password: fc.oneof(text, other, fc.constant('p'.repeat(257))),
      membersOnly: anyField,
      status: fc.oneof(fc.constantFrom('published', 'scheduled', 'draft', 'private', 'needs-review'), anyField),
      publishAt: fc.oneof(fc.constantFrom('2030-01-02T03:04:05.000Z', 'tomorrow', ''), other),
      folderBehavior: fc.oneof(fc.constantFrom(1, 2, 3), anyField),
      redirectUrl: anyField,
      feedContent: fc.oneof(fc.constantFrom('full', 'excerpt'), anyField),
      hideFromSearch: anyField,
      unknown: anyField,
    },
    { requiredKeys: [] },
  );

  it('answers exactly what validatePageSettings answered, field texts and their order included', () => {
    fc.assert(
      fc.property(settings, (input) => {
        const before = validatePageSettings(input);
        const now = checkPageSettings(input);
        expect(now).toEqual(before);
        if (!before.ok && now && !now.ok) expect(Object.keys(now.errors)).toEqual(Object.keys(before.errors));
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('refuses an address that is not text, with the address text', () => {
    expect(validatePageSettings({ slug: 5 })).toMatchObject({ ok: true });
    expect(checkPageSettings({ slug: 5 })).toEqual({
      ok: false,
      errors: { slug: EDITOR_MESSAGES.invalidPageUrl('5') },
    });
  });

  it('refuses a body that is no object, as the route did (a bare invalid-body)', () => {
    for (const body of [[], null, 'x', 3]) expect(checkPageSettings(body)).toBeUndefined();
  });
});

/** What `POST /api/config/pages` checked before its schema. */
function createdBefore(input: Record<string, unknown>) {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw new Error(`title:${EDITOR_MESSAGES.titleRequired}`);
  const slug = typeof input.slug === 'string' && input.slug ? input.slug : slugFromTitle(title);
  const problem = validateSlug(slug);
  if (problem) throw new Error(`slug:${problem}`);
  return {
    title,
    slug,
    parentId: typeof input.parentId === 'string' ? input.parentId : null,
    folder: input.folder === true,
  };
}

describe('a new page', () => {
  it('answers what the route answered for text fields and a folder flag', () => {
    const body = fc.record(
      {
        title: anyField,
        slug: text,
        parentId: fc.oneof(text, fc.constant(null)),
        folder: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (input) => {
        const before = outcome(() => {
          try {
            return createdBefore(input);
          } catch (error) {
            const [field, message] = (error as Error).message.split(/:(.*)/s);
            return { refused: { field, message } };
          }
        });
        const now = outcome(() => parseCreatePage(input));
        const refused = (before as { value: { refused?: { field: string; message: string } } }).value.refused;
        if (refused) expect(now).toEqual({ error: 'invalid-body', ...refused });
        else expect(now).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses values of the wrong type the route used to read as absent', () => {
    expect(outcome(() => parseCreatePage({ title: 'A', folder: 'yes' }))).toMatchObject({ field: 'folder' });
    expect(outcome(() => parseCreatePage({ title: 'A', parentId: 7 }))).toMatchObject({ field: 'parentId' });
    expect(outcome(() => parseCreatePage({ title: 'A', slug: 7 }))).toMatchObject({
      field: 'slug',
      message: EDITOR_MESSAGES.invalidPageUrl('7'),
    });
    expect(outcome(() => parseCreatePage([]))).toEqual({
      error: 'invalid-body',
      message: expect.any(String),
      field: undefined,
    });
  });
});

describe('draft sections', () => {
  const block = fc.record(
    {
      type: fc.oneof(fc.constantFrom(2, 8, 1337, 45), fc.constantFrom('2', 1.5, null)),
      settings: fc.oneof(fc.constant({}), fc.constant({ a: 1 }), fc.constantFrom(null, 3)),
      content: fc.oneof(
        fc.constant({ html: '<p>x</p>' }),
        // An album's tracks and a social block's links, over and under their type's limit.
        fc.array(fc.constant({ url: 'https://x.io' }), { maxLength: 120 }).map((links) => ({ links, tracks: links })),
        fc.constantFrom(null, 'x'),
      ),
    },
    { requiredKeys: ['type'] },
  );
  const sections = fc.array(
    fc.oneof(
      fc.record({ blocks: fc.array(block, { maxLength: 4 }) }),
      fc.record({ blocks: fc.array(fc.constant({ type: 2 }), { minLength: 59, maxLength: 62 }) }),
      fc.constantFrom(null, {}, { blocks: 'x' }),
    ),
    { maxLength: 4 },
  );

  it('refuses with the text checkSections refused with, and takes what it took', () => {
    fc.assert(
      fc.property(sections, (list) => {
        const before = outcome(() => checkSections(list));
        const now = outcome(() => parseDraft({ sections: list }));
        expect(now).toEqual(before);
      }),
      { numRuns: RUNS },
    );
    expect(outcome(() => parseDraft({ sections: Array.from({ length: 61 }, () => ({ blocks: [] })) }))).toEqual(
      outcome(() => checkSections(Array.from({ length: 61 }, () => ({ blocks: [] })))),
    );
  });

  it('refuses what is not the shape of a section or a block', () => {
    for (const list of [
      [{ id: 5, blocks: [] }],
      [{ settings: 'x', blocks: [] }],
      [{ blocks: [{ type: 2, content: [] }] }],
    ])
      expect(outcome(() => parseDraft({ sections: list }))).toMatchObject({ error: 'invalid-body', field: undefined });
  });
});

describe('file names', () => {
  it('refuse with validateFileName’s texts, and come back trimmed', () => {
    const name = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(' ', '.hidden', 'a/b.txt', 'a\\b', 'tab\there.txt', ' notes.txt ', 'x'.repeat(201), '..'),
    );
    fc.assert(
      fc.property(name, (value) => {
        const problem = validateFileName(value);
        const expected = problem ? { error: 'invalid-body', message: problem, field: 'name' } : { value: value.trim() };
        expect(outcome(() => fileNameOf({ name: value }))).toEqual(expected);
        expect(outcome(() => renameTarget({ name: value }))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('reads a missing or non-text new name as an empty one, and a body that is no object as invalid', () => {
    for (const body of [{}, { name: 4 }, { name: null }])
      expect(outcome(() => renameTarget(body))).toMatchObject({
        message: EDITOR_MESSAGES.fileNameRequired,
        field: 'name',
      });
    expect(outcome(() => renameTarget([]))).toMatchObject({ error: 'invalid-body', field: undefined });
  });
});
