import { describe, expect, it } from 'vitest';
import { displayValue, formIdOf, pageCount, valueFields } from './values.js';

describe('submission values', () => {
  it('shows every kind of stored value as one line', () => {
    expect(displayValue('email', 'rosa@example.com')).toBe('rosa@example.com');
    expect(displayValue('name', ['Rosa', 'Park'])).toBe('Rosa Park');
    expect(displayValue('address', ['1 Main Street', '', 'Springfield'])).toBe('1 Main Street Springfield');
    expect(displayValue('checkbox', ['Homeware', 'Gift cards'])).toBe('Homeware, Gift cards');
    expect(displayValue('likert', { Quality: 'Agree', Speed: 'Neutral' })).toBe('Quality: Agree; Speed: Neutral');
    expect(displayValue('text', undefined)).toBe('');
    expect(displayValue('number', 12)).toBe('12');
  });

  it('takes the columns from the fields that hold values', () => {
    const fields = valueFields({
      fields: [
        { id: 'intro', type: 'section', title: 'About you' },
        { id: 'email', type: 'email', title: 'Email' },
        { id: 'message', type: 'textarea', title: 'Message' },
      ],
    });
    expect(fields.map((f) => f.id)).toEqual(['email', 'message']);
  });

  it('pages and reads the form id from the address', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(formIdOf('/config/forms')).toBeUndefined();
    expect(formIdOf('/config/forms/contact-form')).toBe('contact-form');
    expect(formIdOf('/config/forms/a%20b/')).toBe('a b');
    expect(formIdOf('/config/forms/a/b')).toBeUndefined();
  });
});
