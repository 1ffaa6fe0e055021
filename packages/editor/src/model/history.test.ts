import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, type Block, newSection, normalizeDoc, type PageDoc } from './document.js';
import { canRedo, canUndo, createHistory, type History, perform, redo, undo } from './history.js';
import { type Operation, OperationError } from './operations.js';

/** One random step, as raw numbers; `toOperation` fits it to the document it meets. */
const step = fc.record({
  kind: fc.nat(9),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.nat(1000),
  text: fc.string({ maxLength: 12 }),
  number: fc.integer({ min: -5, max: 500 }),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

let serial = 0;
function blockOf(s: Step): Block {
  const kind = BLOCK_KINDS[s.c % BLOCK_KINDS.length];
  serial += 1;
  return { id: `b${serial}`, type: kind.type, settings: { ...(kind.settings ?? {}) }, content: { ...kind.content } };
}

function toOperation(doc: PageDoc, s: Step): Operation | undefined {
  const sections = doc.sections.length;
  const sIndex = sections ? s.a % sections : 0;
  const blocks = doc.sections[sIndex]?.blocks.length ?? 0;
  const bIndex = blocks ? s.b % blocks : 0;
  switch (s.kind) {
    case 0:
      serial += 1;
      return { op: 'addSection', index: s.b % (sections + 1), section: { ...newSection(), id: `s${serial}` } };
    case 1:
      return sections > 1 ? { op: 'removeSection', index: sIndex } : undefined;
    case 2:
      return sections > 1 ? { op: 'moveSection', from: sIndex, to: s.b % sections } : undefined;
    case 3:
    case 4:
      return sections ? { op: 'addBlock', section: sIndex, index: s.b % (blocks + 1), block: blockOf(s) } : undefined;
    case 5:
      return blocks ? { op: 'removeBlock', section: sIndex, index: bIndex } : undefined;
    case 6: {
      if (!blocks) return undefined;
      const toSection = s.c % sections;
      return { op: 'moveBlock', section: sIndex, from: bIndex, toSection, to: s.number % 61 };
    }
    case 7:
      return blocks
        ? {
            op: 'setBlockField',
            section: sIndex,
            index: bIndex,
            area: s.c % 2 ? 'content' : 'settings',
            key: `k${s.c % 4}`,
            value: s.text,
          }
        : undefined;
    case 8:
      return blocks
        ? { op: 'setBlockVariant', section: sIndex, index: bIndex, variant: s.c % 3 ? `v${s.c % 5}` : undefined }
        : undefined;
    default:
      return sections ? { op: 'setSectionSetting', section: sIndex, key: 'theme', value: s.number } : undefined;
  }
}

function run(start: PageDoc, steps: Step[]): { history: History; applied: number } {
  let history = createHistory(start);
  let applied = 0;
  for (const s of steps) {
    const operation = toOperation(history.doc, s);
    if (!operation) continue;
    try {
      const next = perform(history, operation.op, [operation]);
      if (next !== history) applied += 1;
      history = next;
    } catch (error) {
      if (!(error instanceof OperationError)) throw error;
    }
  }
  return { history, applied };
}

describe('undo history', () => {
  it('returns the page to byte-identical JSON after 1,000 random edits and as many undos, and redo replays them', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1000, maxLength: 1000 }), (steps) => {
        const start = normalizeDoc([
          {
            id: 'first',
            settings: { theme: 'light' },
            blocks: [{ id: 'hello', type: 2, settings: {}, content: { html: '<p>Hi</p>' } }],
          },
        ]);
        const before = JSON.stringify(start);
        const { history, applied } = run(start, steps);
        const after = JSON.stringify(history.doc);
        expect(history.past.length).toBe(applied);
        let back = history;
        for (let i = 0; i < 1000; i++) back = undo(back);
        expect(canUndo(back)).toBe(false);
        expect(JSON.stringify(back.doc)).toBe(before);
        let again = back;
        while (canRedo(again)) again = redo(again);
        expect(JSON.stringify(again.doc)).toBe(after);
      }),
      { numRuns: 5 },
    );
  });

  it('refuses a 61st block in a layout and leaves the history as it was', () => {
    let history = createHistory(normalizeDoc([{ id: 's', blocks: [] }]));
    for (let i = 0; i < 60; i++) {
      history = perform(history, 'add', [
        { op: 'addBlock', section: 0, index: i, block: { id: `b${i}`, type: 2, settings: {}, content: {} } },
      ]);
    }
    const full = history;
    expect(() =>
      perform(full, 'add', [
        { op: 'addBlock', section: 0, index: 0, block: { id: 'x', type: 2, settings: {}, content: {} } },
      ]),
    ).toThrow('at most 60 blocks');
    expect(full.doc.sections[0].blocks).toHaveLength(60);
  });

  it('merges typing in one field into one undo step', () => {
    let history = createHistory(normalizeDoc([{ id: 's', blocks: [{ id: 'b', type: 2, content: { html: '' } }] }]));
    for (const text of ['H', 'He', 'Hey']) {
      history = perform(
        history,
        'Edited text',
        [{ op: 'setBlockField', section: 0, index: 0, area: 'content', key: 'html', value: text }],
        'b:html',
      );
    }
    expect(history.past).toHaveLength(1);
    history = undo(history);
    expect(history.doc.sections[0].blocks[0].content.html).toBe('');
    history = redo(history);
    expect(history.doc.sections[0].blocks[0].content.html).toBe('Hey');
  });

  it('clears redo after a new edit', () => {
    let history = createHistory(normalizeDoc([{ id: 's', blocks: [] }]));
    history = perform(history, 'a', [{ op: 'setSectionSetting', section: 0, key: 'theme', value: 'dark' }]);
    history = undo(history);
    expect(canRedo(history)).toBe(true);
    history = perform(history, 'b', [{ op: 'setSectionSetting', section: 0, key: 'width', value: 'full' }]);
    expect(canRedo(history)).toBe(false);
  });
});
