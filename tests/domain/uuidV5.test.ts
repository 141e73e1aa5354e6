import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uuidV5 } from '../../src/domain/uuidV5.ts';

const DNS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const URL = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

// Node's own SHA-1, as a reference the hand-written one in the domain must agree with.
function reference(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(Buffer.from(name, 'utf8'))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('uuidV5', () => {
  it.each([
    // RFC 9562 Appendix A.4 and the vectors Python's uuid.uuid5 gives.
    ['www.example.com', DNS, '2ed6657d-e927-568b-95e1-2665a8aea6a2'],
    ['python.org', DNS, '886313e1-3b8a-5372-9b90-0c9aee199e5d'],
  ])('%s in %s is %s', (name, namespace, expected) => {
    expect(uuidV5(name, namespace)).toBe(expected);
    expect(uuidV5(name, namespace.toUpperCase())).toBe(expected);
  });

  // SHA-1 pads to 64-byte blocks and needs 9 bytes of its own: after the 16 namespace bytes, a name
  // of 39 bytes still fits one block, 40 needs two, 48 fills a block exactly, 103 and 104 sit on
  // either side of the two-block limit.
  const names = [
    '',
    'a',
    'x'.repeat(39),
    'x'.repeat(40),
    'x'.repeat(48),
    'x'.repeat(103),
    'x'.repeat(104),
    'y'.repeat(1000),
    'a1b2c3|AAPL|2026-03-02T14:30:00.000Z',
    'café', // 2-byte UTF-8
    '€ and ✓', // 3-byte
    '📈 BRK.B', // 4-byte, a surrogate pair in JavaScript
  ];

  it.each(names.map((name) => [name]))('agrees with node:crypto for %j', (name) => {
    expect(uuidV5(name, URL)).toBe(reference(name, URL));
    expect(uuidV5(name, DNS)).toBe(reference(name, DNS));
  });

  it('encodes a lone surrogate as U+FFFD, as TextEncoder and Buffer do', () => {
    expect(uuidV5('a\ud800b', URL)).toBe(reference('a\ufffdb', URL));
  });

  it('gives version 5 and the RFC variant, lower-case', () => {
    expect(uuidV5('anything', URL)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow(/namespace/);
  });
});
