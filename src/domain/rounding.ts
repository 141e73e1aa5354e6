/**
 * `n` rounded to `decimals` places, halves away from zero, never -0.
 *
 * Inputs are decimal prices and quantities, so a product that should end in exactly 5 can land a
 * hair below it in binary (1.005 × 100 = 100.4999…); the relative nudge of 1e-12, far below a
 * cent on any amount a trader holds, puts it back. -0 is made 0 because JSON turns it into 0: a
 * figure rebuilt offline must equal the server's.
 */
export function roundHalfAway(n: number, decimals: number): number {
  const scale = 10 ** decimals;
  const rounded = Math.round(Math.abs(n) * scale * (1 + 1e-12)) / scale;
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Money: cents. */
export const roundCents = (n: number): number => roundHalfAway(n, 2);

/** Average prices and R: 4 decimals. */
export const roundTo4 = (n: number): number => roundHalfAway(n, 4);
