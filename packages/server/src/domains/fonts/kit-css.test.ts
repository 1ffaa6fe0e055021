import { describe, expect, it } from 'vitest';
import { KIT_CSS_LIMITS, kitFamilies, readKitCss } from './kit-css.js';

describe('kitFamilies', () => {
  it('reads the family of each @font-face, once each, in order', () => {
    const css = `@charset "utf-8";
      @font-face{font-family:"A One";src:url(a.woff2)}
      @FONT-FACE { src: url(b.woff2); font-family : 'B\\20 Two' ; }
      @media (min-width: 1px) { @font-face { font-family: Plain Name; } }
      @font-face { font-family: "A One"; font-weight: 700 }`;
    expect(kitFamilies(css)).toEqual(['A One', 'B Two', 'Plain Name']);
  });

  it('ignores @font-face inside comments and strings, and hostile names', () => {
    const css = `/* @font-face { font-family: "Commented"; } */
      .a::before { content: "@font-face { font-family: 'Quoted' }"; }
      @font-face { font-family: "<script>x</script>"; }
      @font-face { font-family: url(evil); }
      @font-face { font-family: "${'x'.repeat(KIT_CSS_LIMITS.maxNameLength + 1)}"; }
      @font-face { font-family: "Real"; }`;
    expect(kitFamilies(css)).toEqual(['scriptx/script', 'Real']);
  });

  it('survives unterminated input and stays bounded', () => {
    expect(kitFamilies('@font-face { font-family: "Cut')).toEqual([]);
    expect(kitFamilies('/* never closed @font-face { font-family: A; }')).toEqual([]);
    expect(kitFamilies('"open string @font-face { font-family: A; }')).toEqual([]);
    const many = Array.from({ length: 2000 }, (_, i) => `@font-face{font-family:"F${i}"}`).join('');
    expect(kitFamilies(many)).toHaveLength(KIT_CSS_LIMITS.maxFamilies);
    expect(kitFamilies('@'.repeat(100_000))).toEqual([]);
  });
});

describe('readKitCss sources', () => {
  it('reads the url() addresses of @font-face src, not local() names, other rules or comments', () => {
    const css = `.hero { background: url(https://img.example/bg.png); }
      @font-face { font-family: A; src: local("A"), url( "https://files.example/a.woff2" ) format("woff2"),
        url('//cdn.example/a.woff') format('woff'), url(rel/a.ttf) /* url(https://comment.example/x) */; }
      @font-face { font-family: B; SRC: url(https\\3a //escaped.example/b.woff2); }
      @font-face { font-family: C; src: url("https://files.example/a.woff2"); }
      @font-face { font-family: D; src: url("https://spaced.example/a b.woff2"), url(unclosed`;
    expect(readKitCss(css).sources).toEqual([
      'https://files.example/a.woff2',
      '//cdn.example/a.woff',
      'rel/a.ttf',
      'https://escaped.example/b.woff2',
      'unclosed',
    ]);
  });

  it(`keeps at most ${KIT_CSS_LIMITS.maxSources} addresses`, () => {
    const many = Array.from({ length: 400 }, (_, i) => `@font-face{font-family:F;src:url(/f${i}.woff2)}`).join('');
    expect(readKitCss(many).sources).toHaveLength(KIT_CSS_LIMITS.maxSources);
  });
});

describe('readKitCss imports', () => {
  it('reads the @import addresses a browser follows: strings and url(), before the first block', () => {
    const css = `@charset "utf-8";
      /* @import "commented.css"; */
      @import url("https://css.example/a.css?family=A&display=swap") screen;
      @IMPORT 'b.css' layer(base);
      @import /* note */ url(//cdn.example/c.css);
      @import url("https://css.example/a.css?family=A&display=swap");
      @layer base;
      @import url(https\\3a //escaped.example/d.css);
      @import "";
      @import url("has space.css");
      @import nothing;
      @font-face { font-family: A; src: url(a.woff2); }
      @import url(late.css);
      @media print { @import url(inside.css); }`;
    const read = readKitCss(css);
    expect(read.imports).toEqual([
      'https://css.example/a.css?family=A&display=swap',
      'b.css',
      '//cdn.example/c.css',
      'https://escaped.example/d.css',
    ]);
    expect(read.families).toEqual(['A']);
    expect(read.sources).toEqual(['a.woff2']);
  });

  it(`keeps at most ${KIT_CSS_LIMITS.maxImports} imports and stays bounded without semicolons`, () => {
    const many = Array.from({ length: 100 }, (_, i) => `@import url(i${i}.css);`).join('');
    expect(readKitCss(many).imports).toHaveLength(KIT_CSS_LIMITS.maxImports);
    const unterminated = `@import url("${'x'.repeat(300_000)}`;
    expect(readKitCss(unterminated).imports).toEqual([]);
    expect(readKitCss('@import '.repeat(50_000)).imports).toEqual([]);
  });
});
