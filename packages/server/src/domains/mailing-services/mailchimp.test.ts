import { describe, expect, it } from 'vitest';
import { apiBase, dataCentreOf, subscriberHash } from './mailchimp.js';

describe('Mailchimp adapter helpers', () => {
  it('reads the data centre from the key and refuses other shapes', () => {
    expect(dataCentreOf('0123456789abcdef0123456789abcdef-us6')).toBe('us6');
    expect(dataCentreOf('0123456789abcdef0123456789abcdef-us21')).toBe('us21');
    expect(dataCentreOf('0123456789abcdef0123456789abcdef')).toBeUndefined();
    expect(dataCentreOf('key-us6.evil.example/x')).toBeUndefined();
    expect(dataCentreOf('0123456789abcdef-US6')).toBeUndefined();
  });

  it('builds the data centre address, overridable for tests only by the environment', () => {
    expect(apiBase('us6', {})).toBe('https://us6.api.mailchimp.com/3.0');
    expect(apiBase('us6', { TESSERA_MAILCHIMP_BASE_URL: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9/3.0');
  });

  it('hashes the lowercased address (MD5), as Mailchimp names members', () => {
    expect(subscriberHash('Urist.McVankab@FreddiesJokes.com')).toBe(subscriberHash('urist.mcvankab@freddiesjokes.com'));
    expect(subscriberHash('urist.mcvankab@freddiesjokes.com')).toBe('62eeb292278cc15f5817cb78f7790b08');
  });
});
