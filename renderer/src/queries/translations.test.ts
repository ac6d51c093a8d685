import { describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../../shared/api/file-translation';
import { TRANSLATION_POLL_MS, translationQueries } from './translations';

type RefetchInterval = ReturnType<typeof translationQueries.list>['refetchInterval'];
/** The query `refetchInterval` is called with, as the list's own options type it. */
type ListQuery = Parameters<Extract<RefetchInterval, (...args: never[]) => unknown>>[0];

const withStatuses = (...statuses: TranslationInfo['status'][]) =>
  ({ state: { data: statuses.map((status, id) => ({ id, status })) } }) as unknown as ListQuery;

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
