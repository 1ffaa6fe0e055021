import { describe, expect, it } from 'vitest';
import { formSubmissionPayload, sanitizeFieldValue } from './sanitize.js';

describe('sanitizeFieldValue', () => {
  it('gives parts for address, name, date and time', () => {
    expect(sanitizeFieldValue('name', { parts: ['Jo', 'Doe'] })).toEqual(['Jo', 'Doe']);
    expect(sanitizeFieldValue('date', { parts: ['11', '21', '2026'] })).toEqual(['11', '21', '2026']);
  });

  it('adds an empty leading part to a three-part phone', () => {
    expect(sanitizeFieldValue('phone', { parts: ['555', '123', '4567'] })).toEqual(['', '555', '123', '4567']);
    expect(sanitizeFieldValue('phone', { parts: ['1', '555', '123', '4567'] })).toEqual(['1', '555', '123', '4567']);
  });

  it('gives checked values, the first radio choice, select and likert values', () => {
    expect(sanitizeFieldValue('checkbox', { checked: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(sanitizeFieldValue('radio', { checked: ['b'] })).toBe('b');
    expect(sanitizeFieldValue('radio', {})).toBe('');
    expect(sanitizeFieldValue('select', { value: 'x' })).toBe('x');
    expect(sanitizeFieldValue('likert', { answers: { Q1: 'Agree' } })).toEqual({ Q1: 'Agree' });
    expect(sanitizeFieldValue('text', { value: 'hi' })).toBe('hi');
  });

  it('fills hidden fields from the URL when the parameter is present', () => {
    const query = new URLSearchParams('utm_source=mail');
    expect(sanitizeFieldValue('hidden', { name: 'utm_source', value: 'default' }, query)).toBe('mail');
    expect(sanitizeFieldValue('hidden', { name: 'ref', value: 'default' }, query)).toBe('default');
  });
});

describe('formSubmissionPayload', () => {
  it('carries the key, the JSON values and a captcha key when present', () => {
    expect(formSubmissionPayload('k1', { f1: 'a', f2: ['x'] })).toEqual({ key: 'k1', form: '{"f1":"a","f2":["x"]}' });
    expect(formSubmissionPayload('k1', {}, 'cap')).toEqual({ key: 'k1', form: '{}', captchaKey: 'cap' });
  });
});
