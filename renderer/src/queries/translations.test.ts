import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../../shared/api/file-translation';
import { TRANSLATION_POLL_MS, translationQueries } from './translations';

const withStatuses = (...statuses: TranslationInfo['status'][]) =>
  ({ state: { data: statuses.map((status, id) => ({ id, status })) } }) as unknown as Query<
    TranslationInfo[],
    unknown,
    TranslationInfo[],
    readonly unknown[]
  >;

describe('translationQueries.list', () => {
  it('polls while any translation runs and stops when none does', () => {
    const { refetchInterval, queryKey } = translationQueries.list({ status: 'InProgress' });
    expect(queryKey).toEqual(['translations', 'list', { status: 'InProgress' }]);
    if (typeof refetchInterval !== 'function') throw new Error('refetchInterval is a function');
    expect(refetchInterval(withStatuses('Completed', 'InProgress'))).toBe(TRANSLATION_POLL_MS);
    expect(refetchInterval(withStatuses('ReadyForDownload', 'Failed'))).toBe(false);
    expect(refetchInterval(withStatuses())).toBe(false);
    expect(TRANSLATION_POLL_MS).toBeGreaterThanOrEqual(1000);
    expect(TRANSLATION_POLL_MS).toBeLessThanOrEqual(2000);
  });
});
