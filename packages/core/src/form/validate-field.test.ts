import { describe, expect, it } from 'vitest';
import { characterCount, isFieldEmpty, isMultiPartField, validateField, validateForm } from './validate-field.js';

describe('isFieldEmpty', () => {
  it('reads each kind of value', () => {
    expect(isFieldEmpty('text', '  ')).toBe(true);
    expect(isFieldEmpty('text', 'a')).toBe(false);
    expect(isFieldEmpty('checkbox', [])).toBe(true);
    expect(isFieldEmpty('checkbox', [''])).toBe(false);
    expect(isFieldEmpty('name', ['', ' '])).toBe(true);
    expect(isFieldEmpty('name', ['', 'Doe'])).toBe(false);
    expect(isFieldEmpty('select', undefined)).toBe(true);
  });
});

describe('validateField', () => {
  it('asks for required values', () => {
    expect(validateField({ id: 'a', type: 'text', required: true }, '')).toBe('Required');
    expect(validateField({ id: 'a', type: 'checkbox', required: true }, [])).toBe('Required');
    expect(validateField({ id: 'a', type: 'radio', required: true }, '')).toBe('Required');
    expect(validateField({ id: 'a', type: 'address', required: true }, ['', '', ''])).toBe('Required');
    expect(validateField({ id: 'a', type: 'address', required: true }, ['', 'Paris'])).toBeUndefined();
  });

  it('skips sections and never requires likert answers', () => {
    expect(validateField({ id: 'a', type: 'section', required: true }, undefined)).toBeUndefined();
    expect(validateField({ id: 'a', type: 'likert', required: true }, {})).toBeUndefined();
  });

  it('checks email format unless optional and empty', () => {
    const email = { id: 'e', type: 'email' as const };
    expect(validateField(email, '')).toBeUndefined();
    expect(validateField(email, 'nope')).toBe(
      'Email is not valid. Email addresses should follow the format user at domain dot com.',
    );
    expect(validateField(email, 'a@b.co')).toBeUndefined();
    expect(validateField({ ...email, required: true }, '')).toBe('Required');
  });

  it('enforces the character limit', () => {
    const area = { id: 't', type: 'textarea' as const, maxLength: 5 };
    expect(validateField(area, '12345')).toBeUndefined();
    expect(validateField(area, '123456')).toBe('You have exceeded the character limit.');
    expect(validateField(area, '')).toBeUndefined();
  });
});

describe('validateForm', () => {
  it('maps field ids to messages', () => {
    const fields = [
      { id: 'name', type: 'name' as const, required: true },
      { id: 'email', type: 'email' as const, required: true },
      { id: 'intro', type: 'section' as const },
      { id: 'note', type: 'textarea' as const },
    ];
    expect(validateForm(fields, { name: ['Jo', ''], email: 'bad' })).toEqual({
      email: 'Email is not valid. Email addresses should follow the format user at domain dot com.',
    });
    expect(validateForm(fields, { name: ['Jo'], email: 'jo@example.com' })).toEqual({});
  });
});

describe('helpers', () => {
  it('counts characters against the limit', () => {
    expect(characterCount('abc', 5)).toEqual({ text: '3/5', over: false });
    expect(characterCount('abcdef', 5)).toEqual({ text: '6/5', over: true });
  });

  it('knows multi-part fields', () => {
    expect(isMultiPartField('phone')).toBe(true);
    expect(isMultiPartField('text')).toBe(false);
  });
});
