import { describe, expect, it } from 'vitest';
import type { Project } from '../../../shared/api/projects';
import {
  FOLLOW_OTHERS_POLL_MS,
  PRETRANSLATING_POLL_MS,
  isAnyPretranslating,
  projectListInterval,
} from './projects';

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

describe('projectListInterval: how often the list is read again', () => {
  it('follows a pretranslation closely, and others on the board only', () => {
    const busy = [project(true)];
    const quiet = [project(false)];
    expect(projectListInterval(busy, false)).toBe(PRETRANSLATING_POLL_MS);
    expect(projectListInterval(busy, true)).toBe(PRETRANSLATING_POLL_MS);
    expect(projectListInterval(quiet, true)).toBe(FOLLOW_OTHERS_POLL_MS);
    expect(projectListInterval(undefined, true)).toBe(FOLLOW_OTHERS_POLL_MS);
    expect(projectListInterval(quiet, false)).toBe(false);
  });
});
