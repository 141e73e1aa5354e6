import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, createSignInLimiter } from '../../../src/server/auth/signInLimit.ts';

describe('the sign-in limiter', () => {
  it('remembers a bounded number of addresses, forgetting quiet ones first', () => {
    let now = 0;
    const limiter = createSignInLimiter(() => new Date(now), {
      attempts: 2,
      windowMs: 1000,
      maxAddresses: 3,
    });
    for (let i = 0; i < 1000; i++) limiter.attempt(`10.0.${Math.floor(i / 256)}.${i % 256}`);
    expect(limiter.size()).toBeLessThanOrEqual(3);

    // A busy address seen recently outlives a flood of new ones arriving after it.
    now = 5000;
    expect(limiter.attempt('busy')).toBeUndefined();
    expect(limiter.attempt('busy')).toBeUndefined();
    expect(limiter.attempt('new-1')).toBeUndefined();
    expect(limiter.attempt('busy')).toBe(1);
    expect(limiter.size()).toBeLessThanOrEqual(3);
  });

  it('counts one client per IPv4 address and per IPv6 /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe('the client address', () => {
  it('is the socket address unless the socket is a trusted proxy', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', '198.51.100.1', ['10.0.0.1'])).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', '1.2.3.4, 198.51.100.1', ['10.0.0.1'])).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.1', '198.51.100.1', ['10.0.0.1'])).toBe('198.51.100.1');
    // A proxy that forwarded nothing usable: the proxy itself is the client.
    expect(clientAddress('10.0.0.1', 'not an address', ['10.0.0.1'])).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', undefined, ['10.0.0.1'])).toBe('10.0.0.1');
  });
});
