import { describe, expect, it } from 'vitest';
import { bodySections, sectionsFor } from './post-sections.js';

const text = (html: string) => ({ type: 2, settings: {}, content: { html } });
const image = { type: 5, variant: 'inline', settings: {}, content: { image: { assetUrl: '/files/a.jpg' } } };
const quote = { type: 31, settings: {}, content: { text: 'Water the roots.' } };
const FIGURE = '<figure><img src="/files/a.jpg" alt=""></figure>';
const BLOCKS = [text('<p>August was <em>dry</em>.</p>'), image, quote, text('<p>Questions? Write to us.</p>')];
const stored = {
  body: `<p>August was <em>dry</em>.</p>\n${FIGURE}\n<blockquote><p>Water the roots.</p></blockquote>\n<p>Questions? Write to us.</p>`,
  sections: JSON.stringify([{ blocks: BLOCKS }]),
};
const blocks = (sections: string) => JSON.parse(sections).flatMap((s: { blocks: unknown[] }) => s.blocks);

describe('the sections a saved blog post stores', () => {
  it('keeps every block while the body comes back unchanged', () => {
    expect(sectionsFor(stored, stored.body)).toBe(stored.sections);
  });

  it('changes only the text block an edit lies in, keeping the others and their order', () => {
    const typo = stored.body.replace('Write to us.', 'Write to us any time.');
    expect(blocks(sectionsFor(stored, typo))).toEqual([
      ...BLOCKS.slice(0, 3),
      text('<p>Questions? Write to us any time.</p>'),
    ]);
    const added = `${stored.body}\n<p>Tea is on us.</p>`;
    expect(blocks(sectionsFor(stored, added))[3]).toEqual(text('<p>Questions? Write to us.</p>\n<p>Tea is on us.</p>'));
    const first = stored.body.replace('<em>dry</em>', '<strong>dry</strong>');
    expect(blocks(sectionsFor(stored, first))).toEqual([
      text('<p>August was <strong>dry</strong>.</p>'),
      ...BLOCKS.slice(1),
    ]);
    // A text block emptied goes; the other blocks stay.
    const gone = stored.body.replace('\n<p>Questions? Write to us.</p>', '\n');
    expect(blocks(sectionsFor(stored, gone))).toEqual(BLOCKS.slice(0, 3));
  });

  it('stores the body as one text block when the edit touches a picture or spans blocks', () => {
    const picture = stored.body.replace('/files/a.jpg', '/files/b.jpg');
    expect(sectionsFor(stored, picture)).toBe(bodySections(picture));
    const rewritten = '<p>August was dry.</p><p>Questions?</p>';
    expect(sectionsFor(stored, rewritten)).toBe(bodySections(rewritten));
    expect(sectionsFor({ body: '', sections: '[]' }, '<p>New</p>')).toBe(bodySections('<p>New</p>'));
    expect(sectionsFor({ body: '<p>x</p>', sections: 'not json' }, '<p>y</p>')).toBe(bodySections('<p>y</p>'));
    expect(bodySections('')).toBe('[]');
  });

  it('cleans an edited text block as owner HTML', () => {
    const script = stored.body.replace('Write to us.', 'Write to us.<script>alert(1)</script>');
    const last = blocks(sectionsFor(stored, script))[3];
    expect(last.content.html).not.toContain('<script');
  });
});
