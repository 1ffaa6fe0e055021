import { describe, expect, it } from 'vitest';
import { FONT_KIT_ALLOW_HTTP, FONT_KIT_LIMITS, FONT_KIT_MESSAGES, kitFontOrigins, pageFontKits } from './kits.js';

describe('kitFontOrigins', () => {
  const kit = 'https://kit.example/css/kit.css';

  it('answers the other https origins of the files, each once, resolved against the stylesheet', () => {
    const sources = [
      'https://files.example/a.woff2',
      'HTTPS://FILES.example:443/b.woff2',
      '//cdn.example/c.woff',
      '../fonts/d.woff2',
      '/e.woff2',
      'data:font/woff2;base64,AAAA',
      'http://plain.example/f.woff2',
      'https://user:pw@creds.example/g.woff2',
      'ftp://ftp.example/h.woff2',
      'https://[::1]:8443/i.woff2',
    ];
    expect(kitFontOrigins(sources, kit, {})).toEqual([
      'https://files.example',
      'https://cdn.example',
      'https://[::1]:8443',
    ]);
    expect(kitFontOrigins(['http://plain.example/f.woff2'], kit, { [FONT_KIT_ALLOW_HTTP]: '1' })).toEqual([
      'http://plain.example',
    ]);
  });

  it(`refuses more than ${FONT_KIT_LIMITS.maxFontOrigins} other origins`, () => {
    const sources = Array.from(
      { length: FONT_KIT_LIMITS.maxFontOrigins + 1 },
      (_, i) => `https://f${i}.example/a.woff2`,
    );
    expect(kitFontOrigins(sources.slice(1), kit, {})).toHaveLength(FONT_KIT_LIMITS.maxFontOrigins);
    expect(() => kitFontOrigins(sources, kit, {})).toThrow(FONT_KIT_MESSAGES.tooManyOrigins);
  });
});

describe('pageFontKits', () => {
  it('allows stylesheet origins for styles and fonts, file origins for fonts only', () => {
    const kits = [
      {
        id: 'a',
        url: 'https://kit.example/a.css',
        origin: 'https://kit.example',
        families: ['A'],
        fontOrigins: ['https://files.example'],
      },
      { id: 'b', url: 'https://kit.example/b.css', origin: 'https://kit.example', families: ['B'], fontOrigins: [] },
    ];
    const page = pageFontKits(kits);
    expect(page?.stylesheets).toEqual(['https://kit.example/a.css', 'https://kit.example/b.css']);
    expect(page?.policy).toContain("style-src 'self' https://kit.example;");
    expect(page?.policy).toContain("font-src 'self' https://kit.example https://files.example;");
    expect(page?.policy).toContain("style-src-attr 'unsafe-inline';");
    expect(pageFontKits([])).toBeUndefined();
  });
});
