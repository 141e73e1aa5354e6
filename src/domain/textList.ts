// Lists of short texts (a trade's tags, a plan's ticked criteria), checked and merged the one way.
import { array, coerce, define } from 'superstruct';
import { hasLoneSurrogates, nameKey } from './validation.ts';

/** What a list of short texts says when it fails (`textList`). */
export interface TextListMessages {
  notList: string;
  blank: string;
  tooLong: string;
  controlCharacters: string;
  brokenCharacter: string;
  tooMany: string;
}

/**
 * A list of short texts (a trade's tags, a plan's ticked criteria): each trimmed, 1 to `maxLength`
 * characters with no control character at all (a tab or a line break neither) and no half of a
 * character, at most
 * `maxItems` once repeats are merged. With `ignoreCase`, two entries differing only in case are
 * one, spelled as the first.
 */
export const textList = (maxLength: number, maxItems: number, says: TextListMessages, ignoreCase: boolean) =>
  coerce(
    define<string[]>('textList', (v) => {
      if (!Array.isArray(v)) return says.notList;
      for (const entry of v) {
        if (typeof entry !== 'string') return says.notList;
        if (entry.length === 0) return says.blank;
        if (/\p{Cc}/u.test(entry)) return says.controlCharacters;
        if (hasLoneSurrogates(entry)) return says.brokenCharacter;
        if (entry.length > maxLength) return says.tooLong;
      }
      return v.length <= maxItems || says.tooMany;
    }),
    array(),
    (list) => mergedTexts(list, ignoreCase),
  );

/** The entries trimmed, each once (by `nameKey` with `ignoreCase`), in their first order; non-texts kept for the check. */
export function mergedTexts<T>(list: readonly T[], ignoreCase: boolean): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const entry of list) {
    if (typeof entry !== 'string') {
      out.push(entry);
      continue;
    }
    const trimmed = entry.trim();
    const key = ignoreCase ? nameKey(trimmed) : trimmed;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed as T);
  }
  return out;
}
