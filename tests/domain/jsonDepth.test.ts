import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX } from '../../src/domain/constants.ts';
import { nestsDeeperThan } from '../../src/domain/jsonDepth.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":[1,{"b":[]}]}', 4, false],
    ['{"a":[1,{"b":[]}]}', 3, true],
    ['[[],[],[]]', 2, false],
    ['[[[]]]', 2, true],
    ['{"a":{"b":{"c":{}}}}', 3, true],
    // Brackets inside strings, escaped quotes and backslashes are text.
    ['{"a":"[[[[{{{{"}', 1, false],
    ['{"a":"\\"[[[["}', 1, false],
    ['{"a":"\\\\","b":[[]]}', 2, true],
    ['', 0, false],
    ['not json [[[', 2, true],
  ])('%s more than %i deep: %s', (text, max, expected) => {
    expect(nestsDeeperThan(text, max)).toBe(expected);
  });

  it(`allows ${JSON_DEPTH_MAX} levels by default and refuses one more, or thousands`, () => {
    expect(nestsDeeperThan(nested(JSON_DEPTH_MAX))).toBe(false);
    expect(nestsDeeperThan(nested(JSON_DEPTH_MAX + 1, '{"a":', '}'))).toBe(true);
    expect(nestsDeeperThan(`{"name":${nested(5_000)}}`)).toBe(true);
    expect(nestsDeeperThan(nested(1_000_000))).toBe(true);
  });
});
