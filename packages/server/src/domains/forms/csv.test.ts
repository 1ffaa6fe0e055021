import type { FormDefinition } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { csvCell, csvHeader, csvSubmission, flattenValue } from './csv.js';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps formulas as text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });
});

describe('CSV rows', () => {
  const form: FormDefinition = {
    id: 'f',
    name: 'F',
    kind: 'contact',
    submissionMessage: '',
    captcha: { enabled: false },
    fields: [
      { id: 's', type: 'section', title: 'Intro' },
      { id: 'n', type: 'name', title: 'Name' },
      { id: 'c', type: 'checkbox', title: 'Topics', options: ['a', 'b'] },
      { id: 'l', type: 'likert', title: 'Rate', questions: ['Q'] },
    ],
  };

  it('has one column per value field after the time and spam flag', () => {
    expect(csvHeader(form)).toBe('Submitted,Spam,Name,Topics,Rate\r\n');
    const row = csvSubmission(form, {
      id: '1',
      formId: 'f',
      values: { n: ['Rosa', 'Park'], c: ['a', 'b'], l: { Q: 'Agree' } },
      pageContext: {},
      spam: true,
      spamReason: 'honeypot',
      createdAt: '2026-11-21T00:00:00.000Z',
    });
    expect(row).toBe('2026-11-21T00:00:00.000Z,yes,Rosa Park,"a, b",Q: Agree\r\n');
  });

  it('flattens each kind of value', () => {
    expect(flattenValue('phone', ['', '555', '123', '4567'])).toBe('555 123 4567');
    expect(flattenValue('text', undefined)).toBe('');
  });
});
