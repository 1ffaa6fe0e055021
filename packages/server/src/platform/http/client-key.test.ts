import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limit.js';

// The key of a hand-counted limit (countPerAddressBy): one per IPv4 address, one per IPv6 /64.

describe('clientKey', () => {
  it('keys IPv4 addresses, also IPv4-mapped IPv6 ones, as they are', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64 network, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientKey('2001:db8:1:2::1')).toBe(key);
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:1:2:a:b:c:d%eth0')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
