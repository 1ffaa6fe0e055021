import { describe, expect, it } from 'vitest';
import {
  BLOCK_RANGES,
  clampSetting,
  NEWSLETTER_MESSAGES,
  newsletterFormFor,
  newsletterListOf,
  newsletterProblem,
} from './block-fields.js';

const forms = [
  { id: 'contact-form', kind: 'contact', mailingListId: null },
  { id: 'newsletter-form', kind: 'newsletter', mailingListId: 'list-1' },
];

describe('newsletter block rules', () => {
  it('uses SPEC’s words when there are no lists or none is chosen', () => {
    expect(newsletterProblem([], '')).toBe("You don't have any mailing lists. Please create one before continuing");
    expect(newsletterProblem([{ id: 'list-1' }], '')).toBe('A List must be selected');
    expect(newsletterProblem([{ id: 'list-1' }], 'gone')).toBe(NEWSLETTER_MESSAGES.listRequired);
    expect(newsletterProblem([{ id: 'list-1' }], 'list-1')).toBeUndefined();
  });

  it('finds the form that signs up to a list, and the list of a stored block', () => {
    expect(newsletterFormFor('list-1', forms)).toBe('newsletter-form');
    expect(newsletterFormFor('list-2', forms)).toBeUndefined();
    expect(newsletterListOf({ formId: 'newsletter-form' }, forms)).toBe('list-1');
    expect(newsletterListOf({ formId: 'newsletter-form', mailingListId: '' }, forms)).toBe('');
    expect(newsletterListOf({}, forms)).toBe('');
  });
});

describe('setting ranges', () => {
  it('clamps typed numbers as the runtime does', () => {
    expect(clampSetting('500', BLOCK_RANGES.spacerHeight)).toBe(400);
    expect(clampSetting('-100', BLOCK_RANGES.latitude)).toBe(-90);
    expect(clampSetting('12.5', BLOCK_RANGES.longitude)).toBe(12.5);
    expect(clampSetting('', BLOCK_RANGES.mapZoom)).toBeUndefined();
    expect(clampSetting('abc', BLOCK_RANGES.mapZoom)).toBeUndefined();
  });
});
