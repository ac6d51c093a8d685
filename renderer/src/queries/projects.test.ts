import { describe, expect, it } from 'vitest';
import type { Project } from '../../../shared/api/projects';
import { isAnyPretranslating } from './projects';

const project = (...pretranslating: boolean[]) =>
  ({
    document: pretranslating.map((is_pretranslating) => ({ is_pretranslating })),
  }) as unknown as Project;

describe('isAnyPretranslating: whether the project list must be read again', () => {
  it('is true while any listed document pretranslates', () => {
    expect(isAnyPretranslating([project(false), project(false, true)])).toBe(true);
  });

  it('is false once none does, with no documents, or before the first answer', () => {
    expect(isAnyPretranslating([project(false, false), project()])).toBe(false);
    expect(isAnyPretranslating([])).toBe(false);
    expect(isAnyPretranslating(undefined)).toBe(false);
  });
});
