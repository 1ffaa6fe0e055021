import { describe, expect, it } from 'vitest';
import { isPlayable, mediaKey, originOf } from './wordpress-media.js';

const SITE = 'https://harbour.example.org';

describe('which addresses an import copies', () => {
  it("takes the export's own uploads and Squarespace's CDN over https, nothing else", () => {
    expect(originOf(`${SITE}/wp-content/uploads/2024/08/a.jpg`, SITE)).toBe('upload');
    expect(originOf(`${SITE}/wp-content/uploads/2024/08/a.jpg?x=1`, SITE)).toBeUndefined();
    expect(originOf('https://images.squarespace-cdn.com/content/v1/5f/a.jpg?format=1500w', SITE)).toBe('cdn');
    expect(originOf('https://static1.squarespace.com/static/5f/t/1/a.mp3', SITE)).toBe('cdn');
    // An export without its site's address still has its CDN files.
    expect(originOf('https://static1.squarespace.com/static/5f/t/1/a.mp3', '')).toBe('cdn');
    expect(originOf(`${SITE}/wp-content/uploads/a.jpg`, '')).toBeUndefined();
    expect(originOf('http://images.squarespace-cdn.com/content/v1/5f/a.jpg', SITE)).toBeUndefined();
    expect(originOf('https://images.squarespace-cdn.com:8443/content/a.jpg', SITE)).toBeUndefined();
    expect(originOf('https://user@static1.squarespace.com/a.jpg', SITE)).toBeUndefined();
    expect(originOf('https://images.squarespace-cdn.com.evil.example/a.jpg', SITE)).toBeUndefined();
    expect(originOf('https://elsewhere.example/wp-content/uploads/a.jpg', SITE)).toBeUndefined();
    // A stand-in for the CDN only when the caller names it (tests).
    expect(originOf('http://127.0.0.1:5123/content/a.jpg', SITE)).toBeUndefined();
    expect(originOf('http://127.0.0.1:5123/content/a.jpg', SITE, ['127.0.0.1:5123'])).toBe('cdn');
  });

  it('keeps one copy per CDN file, named after it, whatever its query', () => {
    const a = mediaKey('https://images.squarespace-cdn.com/content/v1/5f/studio.jpg?format=1500w', 'cdn');
    expect(a).toMatch(/^squarespace\/[0-9a-f]{16}\/studio\.jpg$/);
    expect(mediaKey('https://images.squarespace-cdn.com/content/v1/5f/studio.jpg', 'cdn')).toBe(a);
    expect(mediaKey('https://images.squarespace-cdn.com/content/v1/6a/studio.jpg', 'cdn')).not.toBe(a);
    expect(mediaKey('https://static1.squarespace.com/static/x/..%2F..%2Fetc.mp3', 'cdn')).toMatch(
      /^squarespace\/[0-9a-f]{16}\/file\.mp3$/,
    );
    expect(mediaKey(`${SITE}/wp-content/uploads/2024/09/bees.mp3`)).toBe('wordpress/2024/09/bees.mp3');
  });

  it('tells sound and video files by their names', () => {
    expect(isPlayable(`${SITE}/wp-content/uploads/a.mp3`)).toBe(true);
    expect(isPlayable(`${SITE}/wp-content/uploads/a.MOV`)).toBe(true);
    expect(isPlayable(`${SITE}/wp-content/uploads/a.jpg`)).toBe(false);
  });
});
