import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the four characters once each, ampersands of entities included', () => {
    expect(escapeHtml('a & b < c > d "e" &amp;')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &amp;amp;');
    expect(escapeHtml('<<&&>>""')).toBe('&lt;&lt;&amp;&amp;&gt;&gt;&quot;&quot;');
  });

  it('leaves other text as it is, single quotes and non-ASCII included', () => {
    expect(escapeHtml("it's ★ été")).toBe("it's ★ été");
    expect(escapeHtml('')).toBe('');
  });

  it('escapes long JSON text the way a per-character replacement does', () => {
    const json = JSON.stringify({ a: '<script>&"x"</script>', b: [1, 'M & S'], c: '>' }).repeat(50);
    const byCharacter = [...json]
      .map((ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch)
      .join('');
    expect(escapeHtml(json)).toBe(byCharacter);
  });
});
