import { describe, expect, it } from 'vitest';
import { EMAIL_LENGTH, EMAIL_MESSAGES, emailFieldError, isValidEmail, restockEmailError } from './email.js';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['a@b.co', 'jane.doe+shop@example.com', 'x_y@mail.example.info', "o'neil@ex-ample.org"]) {
      expect(isValidEmail(email)).toBe(true);
    }
  });

  it('refuses addresses outside the rule', () => {
    for (const email of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@example',
      'a@example.c',
      'a@example.museum',
      'a b@example.com',
      'a@exa mple.com',
      '.a@example.com',
      'a..b@example.com',
      'a@-example.com',
      'a@example..com',
      'a@@example.com',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
    expect(isValidEmail(42)).toBe(false);
  });

  it('bounds the length to 3–256 characters', () => {
    expect(EMAIL_LENGTH).toEqual({ min: 3, max: 256 });
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
    const long = `${local}@${domain}`;
    expect(long.length).toBeLessThanOrEqual(256);
    expect(isValidEmail(long)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(250)}@ex.com`)).toBe(false);
  });
});

describe('email messages', () => {
  it('are verbatim', () => {
    expect(EMAIL_MESSAGES.invalid).toBe(
      'Email is not valid. Email addresses should follow the format user at domain dot com.',
    );
    expect(EMAIL_MESSAGES.restockBlank).toBe('Email cannot be blank');
    expect(EMAIL_MESSAGES.restockInvalid).toBe('Email is invalid');
    expect(EMAIL_MESSAGES.editorInvalid).toBe('Please enter a valid email');
  });

  it('check the restock form', () => {
    expect(restockEmailError('')).toBe('Email cannot be blank');
    expect(restockEmailError('  ')).toBe('Email cannot be blank');
    expect(restockEmailError('nope')).toBe('Email is invalid');
    expect(restockEmailError('a@b.co')).toBeUndefined();
  });

  it('check a form email field', () => {
    expect(emailFieldError('', false)).toBeUndefined();
    expect(emailFieldError('', true)).toBe(EMAIL_MESSAGES.invalid);
    expect(emailFieldError('bad', false)).toBe(EMAIL_MESSAGES.invalid);
    expect(emailFieldError('a@b.co', true)).toBeUndefined();
  });
});
