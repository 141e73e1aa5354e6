import { IMPOSSIBLE_DATES, LONE_SURROGATES, nestedArray } from './hostile.ts';
import type { Random } from './random.ts';

/** Ids the fuzz may put in a body or a path: the trader's own, another trader's, deleted ones. */
export interface KnownIds {
  own: string[];
  others: string[];
  deleted: string[];
}

export type Body = { json: unknown } | { raw: string };

const controlCharacters = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\r'];

/** Text that tries the validators and the database: control characters, surrogates, dates, size, scripts. */
function junkText(r: Random): string {
  switch (r.int(10)) {
    case 0:
      return `a${r.pick(controlCharacters)}b`;
    case 1:
      return r.pick(LONE_SURROGATES);
    case 2:
      return '📈🚀 Ω ñ 漢字 עברית';
    case 3:
      return 'x'.repeat(r.pick([101, 501, 1001, 2001, 10_000, 200_000]));
    case 4:
      return r.pick(['', ' ', '\t\n', '\r\n']);
    case 5:
      return r.pick(['NaN', 'Infinity', '-Infinity', '1e309', '100', '-0', '0x10']);
    case 6:
      return r.pick(["'; drop table edges; --", '%s%n', '<script>', '\\u0000']);
    case 7:
      return r.pick(['Draft', 'Ready', 'Hold', 'Discarded', 'ready', 'Open']);
    case 8:
      return r.pick(IMPOSSIBLE_DATES);
    default:
      return r.pick(['aapl', 'BRK.B', 'RDS-A', 'BF/B', 'TOOLONGSYMBOL', 'A B']);
  }
}

function junkNumber(r: Random): number {
  return r.pick([
    0,
    -0,
    -1,
    0.5,
    1,
    1.0000001,
    2.5,
    10,
    100,
    100.0001,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER,
    2 ** 31,
    -(2 ** 31) - 1,
  ]);
}

function junkId(r: Random, ids: KnownIds): unknown {
  switch (r.int(6)) {
    case 0:
      return r.pick(ids.own);
    case 1:
      return r.pick(ids.others);
    case 2:
      return r.pick(ids.deleted);
    case 3:
      return r.uuid();
    case 4:
      return r.pick(ids.own).toUpperCase();
    default:
      return r.pick(['not-a-uuid', '00000000-0000-0000-0000-000000000000', `${r.uuid()} `, '', '{}']);
  }
}

/** Any JSON value of any type, sometimes nested, sometimes an id. */
export function junkValue(r: Random, ids: KnownIds, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return junkNumber(r);
    case 1:
      return junkText(r);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return junkId(r, ids);
    case 5:
      return r.pick([[], {}, [1, 'a', null], [junkText(r)], ['breakout', r.pick(LONE_SURROGATES)]]);
    case 6:
      return Array.from({ length: r.int(4) }, () => junkValue(r, ids, depth + 1));
    case 7:
      return { [r.pick(['a', 'id', 'status', '__proto__'])]: junkValue(r, ids, depth + 1) };
    default: {
      const id = junkId(r, ids);
      return [id, id, typeof id === 'string' ? id.toUpperCase() : id]; // duplicated edgeIds
    }
  }
}

/** The ways a mutation bends a body: a field dropped, a field added, the edges, a field replaced. */
const MUTATIONS = ['drop', 'extra', 'edgeIds', 'field'] as const;
type Mutation = (typeof MUTATIONS)[number];

/** One mutation of a valid body, of the kind given or drawn (a field replaced twice as often). */
function mutate(
  r: Random,
  body: Record<string, unknown>,
  ids: KnownIds,
  kind: Mutation = r.pick([...MUTATIONS, 'field']),
): Record<string, unknown> {
  const keys = Object.keys(body);
  const key = keys.length > 0 ? r.pick(keys) : 'name';
  switch (kind) {
    case 'drop': {
      const { [key]: _dropped, ...rest } = body;
      return rest;
    }
    case 'extra':
      return {
        ...body,
        [r.pick(['isActive', 'userId', 'status', 'createdAt', 'constructor', 'extra'])]: junkValue(r, ids),
      };
    case 'edgeIds':
      return { ...body, edgeIds: junkValue(r, ids) };
    default:
      return { ...body, [key]: junkValue(r, ids) };
  }
}

/**
 * The kinds of bent body the random pass sends, each as often as the others to every call: not
 * JSON, JSON but no object, the valid body (some must reach the database unharmed), each single
 * mutation, and two or three of them at once.
 */
export const BODY_KINDS = ['raw', 'not an object', 'valid', ...MUTATIONS, 'two', 'three'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

/** A valid body bent the `kind` way, its details drawn from `r`. */
export function mutatedBody(r: Random, valid: Record<string, unknown>, ids: KnownIds, kind: BodyKind): Body {
  switch (kind) {
    case 'raw':
      return {
        raw: r.pick([
          '',
          '{',
          '{"name": NaN}',
          '[1,]',
          'null',
          '{"a":1}{',
          '\u0000',
          '{"name":"\\ud800"}',
          `{"${r.pick(Object.keys(valid))}":${nestedArray(r.pick([33, 5_000, 100_000]))}}`,
        ]),
      };
    case 'not an object':
      return { json: r.pick([[], 'text', 42, null, true, [valid]]) };
    case 'valid':
      return { json: valid };
    case 'two':
    case 'three': {
      let body = valid;
      for (let i = 0; i < (kind === 'two' ? 2 : 3); i++) body = mutate(r, body, ids);
      return { json: body };
    }
    default:
      return { json: mutate(r, valid, ids, kind) };
  }
}
