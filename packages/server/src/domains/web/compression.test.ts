import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { guardPrecompressedFreshness, installCompression, negotiateEncoding } from './compression.js';
import { installPageValidators, markCacheablePage } from './etag.js';

const BIG_HTML = `<!doctype html><html><body>${'<p>Linen shirt, washed and soft.</p>'.repeat(200)}</body></html>`;

async function appWith(themeDir?: string) {
  const app = Fastify();
  await app.register(cookie);
  app.decorateRequest('crumb', '');
  installPageValidators(app);
  installCompression(app);
  if (themeDir) {
    guardPrecompressedFreshness(app, '/theme/', themeDir);
    await app.register(fastifyStatic, { root: themeDir, prefix: '/theme/', preCompressed: true });
  }
  app.get('/page', async (_request, reply) => {
    markCacheablePage(reply);
    reply.type('text/html; charset=utf-8').send(BIG_HTML);
  });
  app.get('/json', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: 'Linen shirt' })) }));
  app.get('/small', async () => ({ ok: true }));
  app.get('/stream', async (_request, reply) => {
    return reply.type('text/plain; charset=utf-8').send(Readable.from([BIG_HTML.slice(0, 5000), BIG_HTML.slice(5000)]));
  });
  app.get('/image', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(5000, 1)));
  return app;
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('negotiateEncoding', () => {
  it('prefers brotli, honours q-values and refusals, and knows the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
  });
});

describe('installCompression', () => {
  it('compresses HTML, JSON and streamed text by Accept-Encoding, and says Vary: Accept-Encoding', async () => {
    const app = await appWith();
    for (const url of ['/page', '/json', '/stream']) {
      for (const encoding of ['br', 'gzip'] as const) {
        const answer = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(answer.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
        const plain = await app.inject({ url });
        expect(decode(encoding, answer.rawPayload)).toBe(plain.body);
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        if (answer.headers['content-length'] !== undefined) {
          expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
        }
      }
    }
    await app.close();
  });

  it('leaves small answers, images, HEAD and clients without an encoding alone', async () => {
    const app = await appWith();
    expect(
      (await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
    ).toBeUndefined();
    expect(
      (await app.inject({ url: '/image', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
    ).toBeUndefined();
    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const head = await app.inject({ method: 'HEAD', url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('a 304 never carries a body, whatever the client accepts', async () => {
    const app = await appWith();
    const first = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    for (const accept of ['br', 'gzip', 'identity']) {
      const again = await app.inject({ url: '/page', headers: { 'accept-encoding': accept, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
    }
    await app.close();
  });

  it('serves build-time .br/.gz siblings, and the fresh file when the source was edited after them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-precompressed-'));
    const css = `body{color:#123}${'.a{margin:0}'.repeat(300)}`;
    writeFileSync(join(dir, 'theme.css'), css);
    writeFileSync(join(dir, 'theme.css.br'), brotliCompressSync(css));
    writeFileSync(join(dir, 'theme.css.gz'), gzipSync(css));
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'theme.css'), past, past);
    const app = await appWith(dir);
    const br = await app.inject({ url: '/theme/theme.css', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decode('br', br.rawPayload)).toBe(css);
    // The stylesheet is edited in place: its siblings are stale now.
    const edited = css.replace('#123', '#456');
    writeFileSync(join(dir, 'theme.css'), edited);
    const fresh = await app.inject({ url: '/theme/theme.css', headers: { 'accept-encoding': 'br' } });
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(decode('br', fresh.rawPayload)).toBe(edited);
    await app.close();
  });
});
