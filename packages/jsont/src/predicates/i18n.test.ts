import { describe, expect, it } from 'vitest';
import { fakeContext } from '../i18n/fake-context.test.js';
import { I18N_PREDICATES } from './i18n.js';

const metric = (locale: string, args: string[] = []) =>
  I18N_PREDICATES['units-metric?']?.apply(args, fakeContext({ locale }));

describe('units-metric?', () => {
  it('follows the locale measurement system', () => {
    expect(metric('fr-FR', ['length'])).toBe(true);
    expect(metric('en-US', ['length'])).toBe(false);
    expect(metric('en-GB', ['mass'])).toBe(false);
    expect(metric('de')).toBe(true);
    expect(metric('en-US', ['temperature'])).toBe(false);
  });
});
