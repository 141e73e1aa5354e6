import { describe, expect, it } from 'vitest';
import { compareText } from '../../src/domain/textOrder.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function randomText(random: () => number, alphabet: string, maxLength: number): string {
  const length = Math.floor(random() * (maxLength + 1));
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

describe('the order of text in sorted lists', () => {
  it.each([
    ['P2', 'P10', -1],
    ['aapl', 'AAPL', 0],
    ['AAPL', 'AAPLX', -1],
    ['A1', 'AB', -1],
    ['007', '7', 0],
    ['BRK.B', 'BRK.A', 1],
    ['', 'A', -1],
  ])('puts %s against %s at %i', (a, b, sign) => {
    expect(compareText(a, b)).toBe(sign);
    expect(Math.sign(collator.compare(a, b))).toBe(sign);
  });

  it("agrees with the collator's sign on 50,000 random pairs of letters and digits", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (const alphabet of ['aAbBzZ0019', 'AB01', 'abcXYZ0123456789', 'aB0.- é\u00ad']) {
      for (let n = 0; n < 50_000 / 3; n++) {
        const a = randomText(random, alphabet, 7);
        const b = randomText(random, alphabet, 7);
        if (Math.sign(compareText(a, b)) !== Math.sign(collator.compare(a, b)))
          expect([a, b, compareText(a, b)]).toEqual([a, b, Math.sign(collator.compare(a, b))]);
      }
    }
  });

  it('agrees with the collator on text with other characters', () => {
    for (const [a, b] of [
      ['BRK.B', 'BRK-B'],
      ['é', 'e'],
      ['a b', 'ab'],
      ['Ä1', 'a2'],
      ['AB', 'AB\u00ad'],
      ['A1 ', 'A1'],
      ['AC', 'AB.x'],
    ] as const)
      expect(compareText(a, b)).toBe(collator.compare(a, b));
  });
});
