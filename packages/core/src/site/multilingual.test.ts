import { describe, expect, it } from 'vitest';
import { siteLanguages } from './multilingual.js';

// One reading of `website.multilingual` for the settings API, pages, head tags and sitemaps (issue 16:
// the API fell back to the site locale's language, pages to the first stored language or 'en').
describe('siteLanguages', () => {
  it('falls back to the language of the site locale when no language is stored', () => {
    expect(siteLanguages({}, 'fr-CA')).toEqual({
      enabled: false,
      defaultLanguage: 'fr',
      languages: [{ code: 'fr', name: 'fr', enabled: true }],
    });
    expect(siteLanguages({ multilingual: { enabled: true, languages: 'nope' } }, 'de_DE').defaultLanguage).toBe('de');
  });

  it('takes the stored default when it is one of the languages, else the first language', () => {
    const languages = [
      { code: 'de', name: 'Deutsch' },
      { code: 'en', name: 'English', enabled: false },
    ];
    expect(siteLanguages({ multilingual: { enabled: true, languages } }, 'en-US')).toEqual({
      enabled: true,
      defaultLanguage: 'de',
      languages: [
        { code: 'de', name: 'Deutsch', enabled: true },
        { code: 'en', name: 'English', enabled: false },
      ],
    });
    expect(siteLanguages({ multilingual: { languages, defaultLanguage: 'en' } }, 'en-US').defaultLanguage).toBe('en');
    expect(siteLanguages({ multilingual: { languages, defaultLanguage: 'xx' } }, 'en-US').defaultLanguage).toBe('de');
  });

  it('skips entries without a valid code and is multilingual only when switched on with two languages', () => {
    const parsed = siteLanguages(
      { multilingual: { enabled: true, languages: [{ code: 'EN!' }, null, { code: 'fr-CA', name: ' ' }] } },
      'en-US',
    );
    expect(parsed).toEqual({
      enabled: false,
      defaultLanguage: 'fr-CA',
      languages: [{ code: 'fr-CA', name: 'fr-CA', enabled: true }],
    });
  });
});
