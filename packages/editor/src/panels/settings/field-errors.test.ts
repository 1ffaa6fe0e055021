import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';

const FIELDS = ['siteTitle', 'disqusShortname', 'shareButtonOptions', 'timeZone', 'mailingListId'];

describe('fieldErrorsOf', () => {
  it('gives each named field its own sentence', () => {
    expect(
      fieldErrorsOf(
        'siteTitle: Too small: expected string to have >=1 characters disqusShortname: Use letters, digits and dashes in the Disqus shortname.',
        undefined,
        FIELDS,
      ),
    ).toEqual({
      siteTitle: 'Too small: expected string to have >=1 characters',
      disqusShortname: 'Use letters, digits and dashes in the Disqus shortname.',
    });
  });

  it('files nested paths under their top-level field', () => {
    expect(fieldErrorsOf('shareButtonOptions.myspace: Invalid key', undefined, FIELDS)).toEqual({
      shareButtonOptions: 'Invalid key',
    });
  });

  it('files a nested path under itself when the form names it', () => {
    const message =
      'cookieBanner.text: Write the text the banner shows. cookieBanner.acceptLabel: Write the label of the Accept button.';
    expect(
      fieldErrorsOf(message, 'invalid-body', ['cookieBanner', 'cookieBanner.text', 'cookieBanner.acceptLabel']),
    ).toEqual({
      'cookieBanner.text': 'Write the text the banner shows.',
      'cookieBanner.acceptLabel': 'Write the label of the Accept button.',
    });
    expect(fieldErrorsOf('cookieBanner.colour: Unknown key.', 'invalid-body', ['cookieBanner'])).toEqual({
      cookieBanner: 'Unknown key.',
    });
  });

  it('puts the SPEC messages under the field their code belongs to', () => {
    const zone = 'Failed to load timezone Mars/Base. Retry connection or verify site availability.';
    expect(fieldErrorsOf(zone, 'invalid-time-zone', FIELDS)).toEqual({ timeZone: zone });
    expect(fieldErrorsOf('A List must be selected', 'mailing-list-required', FIELDS)).toEqual({
      mailingListId: 'A List must be selected',
    });
  });

  it('keeps a message without a field as a form-wide error', () => {
    expect(fieldErrorsOf('Your role does not allow this.', 'forbidden', FIELDS)).toEqual({
      '': 'Your role does not allow this.',
    });
  });
});
