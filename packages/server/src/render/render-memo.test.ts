import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RenderMemo, renderKey } from './render-memo.js';
import { Theme } from './theme.js';

const settings = { locale: 'en-US', timeZone: 'UTC' };

/** A theme folder of its own: `layout` prints the main content, `main` whatever the test gives. */
function themeWith(main: string, options: { memoChars?: number } = { memoChars: 1_000_000 }): Theme {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-memo-'));
  mkdirSync(join(dir, 'templates'));
  mkdirSync(join(dir, 'partials'));
  writeFileSync(join(dir, 'templates', 'layout.jsont'), '<main>{page.mainContent}</main>');
  writeFileSync(join(dir, 'templates', 'main.jsont'), main);
  writeFileSync(join(dir, 'partials', 'pill.block'), '<b>{count}</b>');
  return new Theme(dir, options);
}

describe('renderKey', () => {
  it('tells apart every context a template could tell apart', () => {
    const keys = [
      renderKey('a', { x: 1 }, settings),
      renderKey('b', { x: 1 }, settings),
      renderKey('a', { x: '1' }, settings),
      renderKey('a', { x: 1 }, { ...settings, locale: 'fr-FR' }),
      renderKey('a', { x: 1 }, { ...settings, timeZone: 'Europe/Paris' }),
      renderKey('a', { x: 1, cartPill: { count: '2' } }, settings),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(renderKey('a', { x: 1 }, settings)).toBe(renderKey('a', { x: 1 }, settings));
  });

  it('refuses contexts whose JSON would blur them', () => {
    for (const context of [
      { price: Number.NaN },
      { price: Number.POSITIVE_INFINITY },
      { list: [1, undefined] },
      { map: new Map([['a', 1]]) },
      { format: () => 'x' },
      { big: 1n },
    ]) {
      expect(renderKey('a', context, settings)).toBeUndefined();
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(renderKey('a', cyclic, settings)).toBeUndefined();
    expect(renderKey('a', { at: new Date(0), nothing: undefined, empty: null }, settings)).toBeDefined();
  });
});

describe('RenderMemo', () => {
  it('keeps entries within its size, dropping the least recently used first', () => {
    // Each entry below costs 100: 64 for its key and 36 characters of HTML.
    const memo = new RenderMemo<{ html: string }>(800);
    memo.set('a', { html: 'x'.repeat(36) });
    memo.set('b', { html: 'y'.repeat(36) });
    expect(memo.get('a')?.html).toBe('x'.repeat(36));
    for (let i = 0; i < 7; i++) memo.set(`c${i}`, { html: 'z'.repeat(36) });
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')?.html).toBe('x'.repeat(36));
    expect(memo.count).toBe(8);
    // An entry bigger than an eighth of the memo is not kept at all.
    memo.set('huge', { html: 'h'.repeat(101) });
    expect(memo.get('huge')).toBeUndefined();
  });
});

describe('Theme render memo', () => {
  it('renders each distinct context once and every distinct context apart', () => {
    const theme = themeWith('{title}{.section cartPill}{@|apply pill.block}{.end}');
    const first = theme.renderPage('main', { title: 'Shirt', cartPill: { count: '1' } }, settings);
    expect(first.html).toBe('<main>Shirt<b>1</b></main>');
    expect(theme.renderPage('main', { title: 'Shirt', cartPill: { count: '1' } }, settings)).toBe(first);
    expect(theme.renderPage('main', { title: 'Shirt', cartPill: { count: '3' } }, settings).html).toBe(
      '<main>Shirt<b>3</b></main>',
    );
    expect(theme.renderPage('main', { title: 'Tote', cartPill: { count: '1' } }, settings).html).toBe(
      '<main>Tote<b>1</b></main>',
    );
    expect(theme.renderPartial('pill.block', { count: '5' }, settings).html).toBe('<b>5</b>');
    expect(theme.renderPartial('pill.block', { count: '6' }, settings).html).toBe('<b>6</b>');
  });

  it('remembers nothing unless given a size', () => {
    const theme = themeWith('{title}', {});
    const first = theme.renderPage('main', { title: 'Shirt' }, settings);
    expect(theme.renderPage('main', { title: 'Shirt' }, settings)).not.toBe(first);
    expect(theme.renderPage('main', { title: 'Shirt' }, settings).html).toBe(first.html);
  });

  it('draws a page asked not to be remembered and keeps nothing of it (pages each visitor sees alone)', () => {
    const theme = themeWith('{title}');
    const alone = { ...settings, remember: false as const };
    const first = theme.renderPage('main', { title: 'Your orders' }, alone);
    expect(first.html).toBe('<main>Your orders</main>');
    expect(theme.renderPage('main', { title: 'Your orders' }, alone)).not.toBe(first);
    expect(theme.memoStats).toEqual({ hits: 0, misses: 0 });
    // The same context without the flag is remembered as usual: the first one left nothing behind.
    const kept = theme.renderPage('main', { title: 'Your orders' }, settings);
    expect(theme.renderPage('main', { title: 'Your orders' }, settings)).toBe(kept);
    expect(theme.memoStats).toEqual({ hits: 1, misses: 1 });
  });

  it('does not remember a render that read the clock', () => {
    const theme = themeWith('{added|timesince}');
    const context = { added: Date.now() - 1000 };
    const first = theme.renderPage('main', context, settings);
    expect(first.html).toContain('timesince');
    expect(theme.renderPage('main', context, settings)).not.toBe(first);
    // With no clock in the template the same context gives back the remembered page.
    const still = themeWith('{added}');
    expect(still.renderPage('main', context, settings)).toBe(still.renderPage('main', context, settings));
  });

  it('shares a page between visitors with the crumb put back for each, only when the template passes it through', () => {
    const a = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const b = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const plain = themeWith('<input name="crumb" value="{crumb|htmlattr}">');
    const first = plain.renderPage('main', { crumb: a }, { ...settings, visitorToken: a });
    expect(first.html).toBe(`<main><input name="crumb" value="${a}"></main>`);
    expect(plain.renderPage('main', { crumb: b }, { ...settings, visitorToken: b }).html).toBe(
      `<main><input name="crumb" value="${b}"></main>`,
    );
    // A template that changes the token: each visitor's page is rendered from their own crumb.
    const cut = themeWith('{crumb|truncate 6}');
    expect(cut.renderPage('main', { crumb: a }, { ...settings, visitorToken: a }).html).toContain('AAAAAA');
    const other = cut.renderPage('main', { crumb: b }, { ...settings, visitorToken: b }).html;
    expect(other).toContain('BBBBBB');
    expect(other).not.toContain('A');
  });

  it('shares a page whose crumb sits deep in the context, each visitor getting their own in every place', () => {
    const a = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const b = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const deep = themeWith('{.repeated section forms}<input name="{name}" value="{crumb|htmlattr}">{.end}{note}');
    const context = (crumb: string) => ({
      forms: [
        { name: 'one', crumb },
        { name: 'two', crumb },
      ],
      note: `n=${crumb}`,
      untouched: { list: [1, 2, { x: 'y' }] },
    });
    const page = (crumb: string) =>
      `<main><input name="one" value="${crumb}"><input name="two" value="${crumb}">n=${crumb}</main>`;
    const given = context(a);
    const first = deep.renderPage('main', given, { ...settings, visitorToken: a });
    expect(first.html).toBe(page(a));
    expect(first.shared).toBeDefined();
    expect(first.shared).not.toContain(a);
    // The visitor's context is left as it was.
    expect(given).toEqual(context(a));
    const second = deep.renderPage('main', context(b), { ...settings, visitorToken: b });
    expect(second.html).toBe(page(b));
    expect(second.shared).toBe(first.shared);
  });
});
