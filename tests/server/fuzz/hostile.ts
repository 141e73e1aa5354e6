// The classes of input that once answered 500 (issue 26, item 13; issue 39, item 7), for the fuzz
// to put in every field, list entry and query parameter: a JSON value, or raw JSON text for what
// JSON.stringify cannot write (nesting thousands deep builds no value).

/** Half of a character: a UTF-16 surrogate without its pair, alone or in text. */
export const LONE_SURROGATES = ['\ud800', '\udfff', 'gap \ud83d', '\udcc8 up', '\udc00\ud800'];

/** Days and times that do not exist, or lie outside the years a time may have. */
export const IMPOSSIBLE_DATES = [
  '2026-13-01',
  '2026-02-30',
  '2025-02-29',
  '2026-00-10',
  '0000-01-01',
  '+010000-01-01',
  '2026-13-01T15:00:00.000Z',
  '2026-02-30T15:00:00Z',
  '2026-01-05T24:00:00Z',
  '2026-01-05T15:60:00Z',
  '2026-01-05T15:00:00+25:00',
  '0000-01-05T15:00:00.000Z',
  '+010000-01-05T15:00:00.000Z',
];

/** A time as an API writes it, and the impossible ones among the dates. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T[\d:.]+Z/;
const IMPOSSIBLE_TIMES = IMPOSSIBLE_DATES.filter((d) => d.includes('T'));

/** JSON text of an array nested `depth` deep. */
export const nestedArray = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** A hostile value for one field: a JSON value, or the raw JSON text to put in its place. */
export type Hostile = { json: unknown } | { raw: string };

/**
 * Every class once for a field whose valid value is `valid`: half a character in text and as a
 * list entry (after a valid entry, in case only the first is read), an impossible date, and a
 * nesting thousands deep. A field that holds a time gets every impossible time instead.
 */
export function hostileValuesFor(field: string, valid: unknown): Hostile[] {
  const text = typeof valid === 'string' ? valid : '';
  const list = Array.isArray(valid) && typeof valid[0] === 'string' ? [valid[0]] : [];
  // A time inside other text (a trade's key, account|symbol|time) is made impossible where it stands.
  const inside = /At$/.test(field) ? null : ISO_TIME.exec(text);
  const dates = /At$/.test(field)
    ? IMPOSSIBLE_TIMES
    : inside
      ? IMPOSSIBLE_TIMES.map((d) => text.replace(inside[0], d))
      : IMPOSSIBLE_DATES.slice(0, 1);
  return [
    { json: `${text}${LONE_SURROGATES[2]}` },
    { json: [...list, LONE_SURROGATES[1]] },
    ...dates.map((d) => ({ json: d })),
    { raw: nestedArray(5_000) },
  ];
}

/** The JSON text of `build(value)`: a body with the hostile value in its place (raw text where a marker stood). */
export function jsonWith(value: Hostile, build: (v: unknown) => unknown): string {
  const MARK = '__fuzz_raw_value__';
  if ('json' in value) return JSON.stringify(build(value.json));
  return JSON.stringify(build(MARK)).replace(`"${MARK}"`, value.raw);
}

/** Query values for any parameter: impossible dates, broken percent-encodings, size, nesting. */
export const HOSTILE_QUERY_VALUES = [
  ...IMPOSSIBLE_DATES.map(encodeURIComponent),
  '%ED%A0%80', // a lone surrogate written as UTF-8, which no decoder takes
  '%F0%9F',
  '%FF%FE',
  '%00',
  '%',
  'x'.repeat(5_000),
  encodeURIComponent(nestedArray(50)),
];
