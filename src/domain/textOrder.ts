// The order of text in every sorted list: case-insensitive, numbers in text by value ("P2" before
// "P10"), as Intl.Collator('en', { sensitivity: 'base', numeric: true }) orders it.

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const isDigit = (c: number) => c >= 48 && c <= 57;
// `| 32` is an ASCII letter's lower case.
const isLetter = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;
const isAlnum = (c: number) => isDigit(c) || isLetter(c);

function allAlnum(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) if (!isAlnum(s.charCodeAt(i))) return false;
  return true;
}

function digitsEnd(s: string, from: number): number {
  let end = from;
  while (end < s.length && isDigit(s.charCodeAt(end))) end++;
  return end;
}

/**
 * The collator's order, worked out here while the two texts are ASCII letters and digits up to
 * where they differ (stock symbols always are); undefined at any other character. A collator call
 * costs about 1 µs, and sorting 10,000 plans by stock made 130,000 of them: 22 ms in Chromium, in
 * one task (about 90 ms on a mid-range phone). At base strength the first difference decides, so
 * what follows it is never read.
 */
function compareAscii(a: string, b: string): number | undefined {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (!isAlnum(x) || !isAlnum(y)) return undefined;
    if (isDigit(x) && isDigit(y)) {
      const xEnd = digitsEnd(a, i);
      const yEnd = digitsEnd(b, j);
      // Runs of digits compare by value: leading zeros first dropped, then length, then digits.
      while (i < xEnd - 1 && a.charCodeAt(i) === 48) i++;
      while (j < yEnd - 1 && b.charCodeAt(j) === 48) j++;
      if (xEnd - i !== yEnd - j) return xEnd - i - (yEnd - j);
      for (; i < xEnd; i++, j++) {
        const d = a.charCodeAt(i) - b.charCodeAt(j);
        if (d !== 0) return d;
      }
      continue;
    }
    if (isDigit(x) !== isDigit(y)) return isDigit(x) ? -1 : 1; // digits before letters
    const d = (x | 32) - (y | 32);
    if (d !== 0) return d;
    i++;
    j++;
  }
  // One is a prefix of the other: shorter first, unless the rest holds something else (an
  // ignorable character would make them equal).
  if (!allAlnum(a, i) || !allAlnum(b, j)) return undefined;
  return a.length - i - (b.length - j);
}

/** Negative, zero or positive as `a` sorts before, with, or after `b`. */
export function compareText(a: string, b: string): number {
  const ascii = compareAscii(a, b);
  return ascii === undefined ? collator.compare(a, b) : Math.sign(ascii);
}
