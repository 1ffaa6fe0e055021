import { describe, expect, it } from 'vitest';
import { likePattern, normaliseQuery } from './search-service.js';

describe('search query', () => {
  it('lower-cases and escapes LIKE wildcards and the escape character', () => {
    expect(likePattern('Linen')).toBe('%linen%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('trims, collapses spaces, drops control characters and caps the length', () => {
    expect(normaliseQuery('  wool \u0000  scarf\n')).toBe('wool scarf');
    expect(normaliseQuery(['a'])).toBe('');
    expect(normaliseQuery('x'.repeat(300))).toHaveLength(100);
  });
});
