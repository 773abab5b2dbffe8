import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address, also when it arrives mapped into IPv6', () => {
    expect(rateLimitAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(rateLimitAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:0:1:abcd::',
      '2001:db8:0:1:0:0:192.0.2.1',
      '2001:db8:0:1::1%eth0',
    ]) {
      expect(rateLimitAddress(ip), ip).toBe(network);
    }
    expect(rateLimitAddress('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });
});
