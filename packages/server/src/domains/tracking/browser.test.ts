import { describe, expect, it } from 'vitest';
import { browserOf } from './browser.js';

describe('browserOf', () => {
  it('names the browser family and major version', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Safari/537.36';
    expect(browserOf(chrome)).toBe('Chrome 126');
    expect(browserOf(chrome.replace('Chrome/', 'HeadlessChrome/'))).toBe('Chrome 126');
    expect(browserOf(`${chrome} Edg/126.0.2592.87`)).toBe('Edge 126');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128');
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17');
  });

  it('says Other for agents it does not know', () => {
    expect(browserOf('')).toBe('Other');
    expect(browserOf('curl/8.5.0')).toBe('Other');
  });
});
