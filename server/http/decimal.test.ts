import { describe, expect, it } from 'vitest';
import { isDecimalInteger, isDecimalNumber, parseId, parseIdList } from './decimal';

describe('numbers as text', () => {
  it.each(['0', '7', '-3', '0012'])('takes %s as a decimal integer', (text) => {
    expect(isDecimalInteger(text)).toBe(true);
  });

  it.each(['', ' 1', '1 ', '\t1', '+1', '0x10', '0b1', '0o7', '1e3', '1.0', '1_000', '１'])(
    'refuses %j as an integer',
    (text) => {
      expect(isDecimalInteger(text)).toBe(false);
    },
  );

  it('takes fractions only as numbers', () => {
    expect(isDecimalNumber('0.75')).toBe(true);
    expect(isDecimalNumber('-2')).toBe(true);
    expect(isDecimalNumber('.5')).toBe(false);
    expect(isDecimalNumber('1.')).toBe(false);
    expect(isDecimalNumber('1E2')).toBe(false);
  });

  it('reads ids: positive, decimal, safe', () => {
    expect(parseId('16')).toBe(16);
    expect(parseId('0')).toBeNull();
    expect(parseId('0x10')).toBeNull();
    expect(parseId('  1')).toBeNull();
    expect(parseId('99999999999999999')).toBeNull();
  });

  it('reads a comma list as sorted unique ids, or refuses it whole', () => {
    expect(parseIdList('7')).toEqual([7]);
    expect(parseIdList('3,1,3,2')).toEqual([1, 2, 3]);
    expect(parseIdList('3, 1')).toBeNull();
    expect(parseIdList('1,0x2')).toBeNull();
    expect(parseIdList('1,,2')).toBeNull();
  });
});
