import { describe, expect, it } from 'vitest';
import { checkVideoUrl, VIDEO_MESSAGES } from './video-url.js';

describe('video address rule', () => {
  it('accepts public video pages and names their host', () => {
    expect(checkVideoUrl('https://vimeo.com/76979871')).toEqual({
      ok: true,
      url: 'https://vimeo.com/76979871',
      providerName: 'Vimeo',
    });
    expect(checkVideoUrl('youtu.be/dQw4w9WgXcQ')).toEqual({
      ok: true,
      url: 'https://youtu.be/dQw4w9WgXcQ',
      providerName: 'YouTube',
    });
    expect(checkVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toMatchObject({ ok: true });
    expect(checkVideoUrl('https://videos.example.org/v/42')).toMatchObject({
      ok: true,
      providerName: 'videos.example.org',
    });
  });

  it('refuses the links a basic account shares, with SPEC’s message', () => {
    const refused = { ok: false, message: 'Please share a video from a different account.' };
    expect(checkVideoUrl('https://vimeo.com/76979871/2f1a9c3b7e')).toEqual(refused);
    expect(checkVideoUrl('https://player.vimeo.com/video/76979871?h=2f1a9c3b7e')).toEqual(refused);
    expect(checkVideoUrl('https://vimeo.com/someone/review/76979871/2f1a9c3b7e')).toEqual(refused);
    expect(checkVideoUrl('https://www.youtube.com/@someone')).toEqual(refused);
    expect(checkVideoUrl('https://www.youtube.com/channel/UC123')).toEqual(refused);
    expect(checkVideoUrl('https://www.youtube.com/playlist?list=PL1')).toEqual(refused);
  });

  it('asks for an address when the text is not one', () => {
    for (const bad of ['', 'not a video', 'javascript:alert(1)', 'ftp://example.com/v.mp4', 'localhost'])
      expect(checkVideoUrl(bad)).toEqual({ ok: false, message: VIDEO_MESSAGES.invalid });
  });
});
