import { describe, expect, it } from 'vitest';
import { parseGoTo } from './go-to';

describe('go to segment', () => {
  it('reads a number as a 0-based index, with spaces, a # or thousands separators', () => {
    expect(parseGoTo('3', 10)).toEqual({ kind: 'ok', index: 2 });
    expect(parseGoTo(' #7 ', 10)).toEqual({ kind: 'ok', index: 6 });
    expect(parseGoTo('1,204', 10_000)).toEqual({ kind: 'ok', index: 1203 });
  });

  it('says in words when the number is out of range', () => {
    expect(parseGoTo('11', 10)).toEqual({
      kind: 'invalid',
      message: 'There is no segment 11. Type 1 to 10.',
    });
    expect(parseGoTo('0', 10).kind).toBe('invalid');
    expect(parseGoTo('2', 1)).toEqual({
      kind: 'invalid',
      message: 'There is no segment 2. This document has one segment.',
    });
  });

  it('says in words when it is not a number', () => {
    expect(parseGoTo('abc', 10)).toEqual({
      kind: 'invalid',
      message: 'Type a segment number. Type 1 to 10.',
    });
    expect(parseGoTo('', 10).kind).toBe('invalid');
    expect(parseGoTo('-3', 10).kind).toBe('invalid');
  });
});
