import { describe, expect, it } from 'vitest';
import { commentLabel } from './comment-label.js';

describe('commentLabel', () => {
  it('follows SPEC wording', () => {
    expect(commentLabel(0)).toBe('No Comments');
    expect(commentLabel(1)).toBe('1 Comment');
    expect(commentLabel(10)).toBe('10 Comments');
  });

  it('treats missing counts as none', () => {
    expect(commentLabel(undefined)).toBe('No Comments');
    expect(commentLabel(-3)).toBe('No Comments');
  });
});
