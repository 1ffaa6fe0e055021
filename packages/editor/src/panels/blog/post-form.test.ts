import { ITEM_SEO_MESSAGES } from '@tessera/core';
import type { PostDocument } from '@tessera/core/contracts/blog';
import { describe, expect, it } from 'vitest';
import {
  bodyBlocksNote,
  checkPostForm,
  emptyPostForm,
  formFromPost,
  fromLocalInput,
  isLive,
  postBody,
  suggestedUrlId,
  toLocalInput,
} from './post-form.js';

const stored: PostDocument = {
  id: 'p1',
  blogId: 'b1',
  title: 'Onion skins',
  urlId: 'onion-skins',
  url: '/blog/onion-skins',
  status: 'scheduled',
  publishOn: '2030-05-04T09:30:00.000Z',
  author: 'Ada',
  tags: ['dye'],
  categories: ['Guides'],
  updatedAt: '2030-05-01T00:00:00.000Z',
  excerpt: 'Short',
  body: '<p>Long</p>',
  featuredImage: { url: '/files/a.jpg', altText: 'Skins' },
  commentsEnabled: true,
  seo: { title: 'Onion skin dyes', description: 'Yellow from waste.', socialImage: '/files/b.png', noindex: true },
  blocks: 0,
  sections: [],
};

describe('the post form', () => {
  it('round-trips a stored post through the form to the same request body', () => {
    const body = postBody(formFromPost(stored));
    expect(body).toEqual({
      title: 'Onion skins',
      urlId: 'onion-skins',
      excerpt: 'Short',
      body: '<p>Long</p>',
      author: 'Ada',
      status: 'scheduled',
      publishOn: '2030-05-04T09:30:00.000Z',
      featuredImage: { url: '/files/a.jpg', altText: 'Skins' },
      tags: ['dye'],
      categories: ['Guides'],
      commentsEnabled: true,
      seo: stored.seo,
      redirectOldUrl: true,
    });
  });

  it('converts dates between ISO and datetime-local in the browser zone', () => {
    const local = toLocalInput('2030-05-04T09:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2030-05-04T09:30:00.000Z');
    expect(toLocalInput('')).toBe('');
    expect(fromLocalInput('')).toBe('');
    expect(postBody(emptyPostForm())).toMatchObject({ publishOn: null, featuredImage: null });
  });

  it('says what to fix before sending', () => {
    expect(checkPostForm(emptyPostForm())).toEqual({ title: 'Please enter a post title.' });
    const seo = { ...emptyPostForm().seo, title: 'x'.repeat(201), socialImage: 'https://elsewhere.example/a.jpg' };
    expect(checkPostForm({ ...emptyPostForm(), title: 'T', seo })).toEqual({
      'seo.title': ITEM_SEO_MESSAGES.titleTooLong,
      'seo.socialImage': ITEM_SEO_MESSAGES.socialImage,
    });
    expect(checkPostForm({ ...emptyPostForm(), title: 'A', urlId: 'Bad Slug', status: 'scheduled' })).toEqual({
      urlId: 'Bad Slug is not a valid page URL',
      publishOn: 'Choose a date and time.',
    });
    expect(suggestedUrlId('Wool season is here!')).toBe('wool-season-is-here');
  });

  it('tells a live post from one visitors cannot see yet', () => {
    const now = Date.parse('2030-05-05T00:00:00Z');
    expect(isLive({ status: 'scheduled', publishOn: '2030-05-04T09:30:00.000Z' }, now)).toBe(true);
    expect(isLive({ status: 'scheduled', publishOn: '2030-06-04T09:30:00.000Z' }, now)).toBe(false);
    expect(isLive({ status: 'draft', publishOn: '2020-01-01T00:00:00.000Z' }, now)).toBe(false);
  });

  it('sends an imported post back with its body and featured image untouched, and says what keeps its blocks', () => {
    const imported: PostDocument = {
      ...stored,
      body: '<p>August was <em>dry</em>.</p>\n<figure class="wp-block-image"><img src="https://harbour.example.org/b.jpg" alt="Beans"></figure>',
      featuredImage: { url: 'https://harbour.example.org/b.jpg', altText: 'Beans' },
      blocks: 14,
    };
    const body = postBody(formFromPost(imported));
    expect(body.body).toBe(imported.body);
    expect(body.featuredImage).toEqual(imported.featuredImage);
    expect(bodyBlocksNote(imported)).toContain('This post is made of 14 blocks (');
    expect(bodyBlocksNote({ blocks: 1 })).toContain('made of 1 block (');
    expect(bodyBlocksNote(stored)).toBe('');
    expect(bodyBlocksNote(undefined)).toBe('');
  });

  it('sends the blocks when the post screen changed them, and not otherwise', () => {
    const sections = [{ blocks: [{ type: 8, settings: {}, content: { images: [] } }] }];
    expect(postBody(formFromPost(stored), sections)).toEqual({ ...postBody(formFromPost(stored)), sections });
    expect(postBody(formFromPost(stored))).not.toHaveProperty('sections');
  });
});
