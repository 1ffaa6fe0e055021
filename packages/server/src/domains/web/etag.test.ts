import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installPageValidators, markCacheablePage, matchesIfNoneMatch, weakEtag, weakEtagOfParts } from './etag.js';

describe('matchesIfNoneMatch', () => {
  it('compares weakly, reads lists and the wildcard', () => {
    const tag = weakEtag('<p>hi</p>');
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.slice(2), tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"x", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"x"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(weakEtag('a')).not.toBe(weakEtag('b'));
  });
});

describe('weakEtagOfParts', () => {
  it('tags the parts joined as weakEtag tags the joined text, whatever the characters', () => {
    const joint = Buffer.from('tvSTANDIN');
    const texts = ['<p>a — é</p>', '<input value="', '">✓', ''];
    const parts = texts.map((text) => Buffer.from(text));
    expect(weakEtagOfParts(parts, joint)).toBe(weakEtag(texts.join('tvSTANDIN')));
    expect(weakEtagOfParts(parts.slice(0, 1), joint)).toBe(weakEtag(texts[0] as string));
    // Where the joint goes is part of the tag.
    expect(weakEtagOfParts([Buffer.from('ab'), Buffer.from('c')], joint)).not.toBe(
      weakEtagOfParts([Buffer.from('a'), Buffer.from('bc')], joint),
    );
  });
});

describe('installPageValidators', () => {
  async function app() {
    const server = Fastify();
    await server.register(cookie);
    server.decorateRequest('crumb', '');
    server.addHook('onRequest', async (request) => {
      request.crumb = request.cookies.crumb ?? '';
    });
    installPageValidators(server);
    server.get('/page', async (request, reply) => {
      markCacheablePage(reply);
      const withCrumb = (request.query as { form?: string }).form === '1';
      reply.type('text/html').send(`<main>${withCrumb ? `<input name="crumb" value="${request.crumb}">` : ''}</main>`);
    });
    server.get('/unmarked', async (_request, reply) =>
      reply.type('text/html').header('cache-control', 'no-store').send('<p>x</p>'),
    );
    return server;
  }
  const A = 'crumb=AAAAAAAAAAAAAAAAAAAAAAAA';
  const B = 'crumb=BBBBBBBBBBBBBBBBBBBBBBBB';

  it('a crumb-free page is public, no-cache and 304s for every visitor holding its tag', async () => {
    const server = await app();
    const first = await server.inject({ url: '/page', headers: { cookie: A } });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toBe('Cookie');
    const other = await server.inject({
      url: '/page',
      headers: { cookie: B, 'if-none-match': String(first.headers.etag) },
    });
    expect(other.statusCode).toBe(304);
    expect(other.body).toBe('');
    await server.close();
  });

  it('a page printing the crumb is private and its tag differs per crumb', async () => {
    const server = await app();
    const first = await server.inject({ url: '/page?form=1', headers: { cookie: A } });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const other = await server.inject({
      url: '/page?form=1',
      headers: { cookie: B, 'if-none-match': String(first.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('BBBB');
    await server.close();
  });

  it('leaves answers it was not asked about alone', async () => {
    const server = await app();
    const answer = await server.inject({ url: '/unmarked', headers: { 'if-none-match': '*' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.etag).toBeUndefined();
    await server.close();
  });
});
