import { describe, expect, it } from 'vitest';
import { FONT_KIT_ALLOW_HTTP, FONT_KIT_LIMITS, FONT_KIT_MESSAGES, kitFontOrigins, kitImportUrl } from './kit-read.js';
import { pageFontKits } from './kits.js';

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
    expect(() => kitFontOrigins(sources, kit, {})).toThrow(FONT_KIT_MESSAGES.tooManyOrigins('https://f4.example'));
  });

  it('counts the origins of imported stylesheets toward the same limit, each origin once', () => {
    const imported = ['https://css1.example', 'https://css2.example', 'https://files.example'];
    // Files on an imported stylesheet's host need no other place: still within the limit.
    expect(
      kitFontOrigins(['https://files.example/a.woff2', 'https://more.example/b.woff2'], kit, {}, imported),
    ).toEqual(['https://files.example', 'https://more.example']);
    expect(() =>
      kitFontOrigins(['https://more.example/b.woff2', 'https://fifth.example/c.woff2'], kit, {}, imported),
    ).toThrow(FONT_KIT_MESSAGES.tooManyOrigins('https://fifth.example'));
  });
});

describe('kitImportUrl', () => {
  const kit = 'https://kit.example/css/kit.css';

  it('resolves an import against the kit and accepts https (http only with the test knob)', () => {
    expect(kitImportUrl('https://css.example/a.css?x=1', kit, {}).href).toBe('https://css.example/a.css?x=1');
    expect(kitImportUrl('../shared/b.css', kit, {}).href).toBe('https://kit.example/shared/b.css');
    expect(kitImportUrl('//cdn.example/c.css', kit, {}).href).toBe('https://cdn.example/c.css');
    expect(kitImportUrl('http://plain.example/d.css', kit, { [FONT_KIT_ALLOW_HTTP]: '1' }).origin).toBe(
      'http://plain.example',
    );
  });

  it('refuses other schemes and user names, naming the address', () => {
    expect(() => kitImportUrl('http://plain.example/d.css', kit, {})).toThrow(
      FONT_KIT_MESSAGES.importNotHttps('http://plain.example/d.css'),
    );
    expect(() => kitImportUrl('data:text/css,a{}', kit, {})).toThrow(
      FONT_KIT_MESSAGES.importNotHttps('data:text/css,a{}'),
    );
    expect(() => kitImportUrl('ftp://files.example/e.css', kit, {})).toThrow(/ftp:\/\/files\.example\/e\.css/);
    expect(() => kitImportUrl('https://me:pw@css.example/f.css', kit, {})).toThrow(
      FONT_KIT_MESSAGES.importCredentials('https://css.example/f.css'),
    );
  });
});

describe('pageFontKits', () => {
  it('allows stylesheet origins for styles and fonts, imported stylesheet origins for styles only, file origins for fonts only', () => {
    const kits = [
      {
        id: 'a',
        url: 'https://kit.example/a.css',
        origin: 'https://kit.example',
        families: ['A'],
        fontOrigins: ['https://files.example'],
        styleOrigins: [],
      },
      {
        id: 'b',
        url: 'https://kit.example/b.css',
        origin: 'https://kit.example',
        families: ['B'],
        fontOrigins: [],
        styleOrigins: ['https://css.example'],
      },
    ];
    const page = pageFontKits(kits);
    expect(page?.stylesheets).toEqual(['https://kit.example/a.css', 'https://kit.example/b.css']);
    expect(page?.policy).toContain("style-src 'self' https://kit.example https://css.example;");
    expect(page?.policy).toContain("font-src 'self' https://kit.example https://files.example;");
    expect(page?.policy).toContain("style-src-attr 'unsafe-inline';");
    expect(pageFontKits([])).toBeUndefined();
  });
});
