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

/**
 * How many decimals `n` is written with, as the shortest text that reads back as `n` (0.65 → 2,
 * 0.000166 → 6, 1e-7 → 7), at most 12: the precision a broker gave a figure in.
 */
export function decimalsOf(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return 0;
  const [mantissa = '', exponent = '0'] = Math.abs(n).toString().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(12, Math.max(0, fraction - Number(exponent)));
}

/**
 * A sum of amounts kept to the precision they were given in (never coarser than the cent): the
 * dust of adding decimals in binary (0.65 + 0.01 = 0.6600000000000001) goes, a fee of $0.000166
 * stays. Money is rounded to the cent only where it is shown.
 */
export const sumAtPrecision = (amounts: readonly number[]): number =>
  roundHalfAway(
    amounts.reduce((sum, a) => sum + a, 0),
    Math.max(2, ...amounts.map(decimalsOf)),
  );
