/**
 * Differences from the reference engine where the reference is right (issue 25, "Differences where the
 * reference is right"). Each test checks the exact text and that the reference prints the same.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../src/index.js';
import { renderReference } from './reference.js';

/** 2024-05-17 15:13 UTC and one hour later: 17:13–18:13 in Berlin. */
const START = Date.UTC(2024, 4, 17, 15, 13);
const END = START + 3_600_000;
const BERLIN = { timeZone: 'Europe/Berlin' };

function both(template: string, json: unknown, locale = 'en-US'): { ours: string; reference: string } {
  return { ours: render(template, json, { locale }).output, reference: renderReference(template, json, { locale }) };
}

describe('differences where the reference is right', () => {
  it('difference 1: datetime-interval uses the locale clock', () => {
    const json = { a: START, b: END, website: BERLIN };
    const expected: Record<string, string> = {
      'de-DE': '17:13–18:13 Uhr',
      'en-GB': '17:13–18:13',
      'fr-FR': '17:13\u2009–\u200918:13',
      'sv-SE': '17:13–18:13',
      ja: '17時13分～18時13分',
      'ja-JP': '17時13分～18時13分',
      'en-US': '5:13\u2009–\u20096:13\u202fPM',
    };
    for (const [locale, text] of Object.entries(expected)) {
      const { ours, reference } = both('{a,b|datetime-interval}', json, locale);
      expect(ours, locale).toBe(text);
      expect(reference, locale).toBe(text);
    }
  });

  it('difference 1: the message formatter keeps the 12-hour default of the Java engine', () => {
    // Vector 0490 (Java suite): fr-FR prints a same-day range in a message on a 12-hour clock.
    const json = { m: '{0;1 datetime-interval}', a: START, b: END, website: BERLIN };
    expect(render('{m|message a b}', json, { locale: 'fr-FR' }).output).toBe('5:13\u2009–\u20096:13\u202fPM');
    expect(render('{m|message a b}', json, { locale: 'de-DE' }).output).toBe('5:13–6:13\u202fPM');
  });

  it('difference 2: message arguments that are objects or arrays print as an empty string', () => {
    const cases: [unknown, string][] = [
      [{ a: 1 }, '[]'],
      [[1, 2], '[]'],
      [[{ a: 1 }], '[]'],
      [{}, '[]'],
      // The reference reads `decimalValue`, else `value`, of any object as its amount.
      [{ value: 3 }, '[3]'],
      [{ decimalValue: '2.5' }, '[2.5]'],
      [{ value: 3, currency: 'USD' }, '[3]'],
      [{ value: { x: 1 } }, '[]'],
    ];
    for (const [value, text] of cases) {
      for (const message of ['[{0}]', '[{x}]']) {
        const { ours, reference } = both('{m|message o x:o}', { m: message, o: value });
        expect(ours, JSON.stringify(value)).toBe(text);
        expect(reference, JSON.stringify(value)).toBe(text);
      }
    }
    const plural = both('{m|message o}', { m: '{0 plural one{one} other{# items}}', o: { value: 1 } });
    expect(plural.ours).toBe('one');
    expect(plural.reference).toBe('one');
  });

  it('difference 3: comment-link prints nothing for a missing count and keeps the whitespace', () => {
    const item = { fullUrl: '/blog/a', id: 'x1' };
    const missing = both('{item|comment-link}', { item });
    expect(missing.ours).toBe(
      '\n  <a href="/blog/a#comments-x1" class="sqs-comment-link" data-id="x1">\n  \n  Comments\n  </a>\n',
    );
    expect(missing.ours).toBe(missing.reference);
    for (const publicCommentCount of [0, 1, 2, '0', '1', null, true]) {
      const r = both('[{item|comment-link}]', { item: { ...item, publicCommentCount } });
      expect(r.ours, JSON.stringify(publicCommentCount)).toBe(r.reference);
    }
    const disqus = both('{item|comment-link}|{item|comments}', { item, websiteSettings: { disqusShortname: 'd' } });
    expect(disqus.ours).toBe(disqus.reference);
    expect(disqus.ours.startsWith('\n  <a ')).toBe(true);
    const liked = both('{item|like-button}{item|comments}', {
      item: { ...item, likeCount: 3 },
      websiteSettings: { simpleLikingEnabled: true },
    });
    expect(liked.ours).toBe(liked.reference);
  });

  it('difference 4: cycle with an index it cannot read prints nothing through raw', () => {
    for (const n of ['', 'x', 1.5]) {
      for (const template of ['{n|cycle a b c|raw}', '{n|cycle|raw}', '{n|cycle a b c|raw|raw}']) {
        const { ours, reference } = both(template, { n });
        expect(ours, `${template} ${JSON.stringify(n)}`).toBe('');
        expect(reference).toBe('');
      }
    }
    // Everything else still sees a missing value.
    for (const template of ['{n|cycle a b c|json|raw}', '{n|cycle a b c|count}', '{zz|raw}', '{n|cycle a b c|raw}']) {
      for (const n of ['', 2]) {
        const { ours, reference } = both(template, { n });
        expect(ours, `${template} ${JSON.stringify(n)}`).toBe(reference);
      }
    }
    expect(render('{.var @v n|cycle a b}{@v|raw}', { n: '' }).output).toBe('null');
  });
});
