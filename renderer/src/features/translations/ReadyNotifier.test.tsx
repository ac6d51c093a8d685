import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../../../shared/api/file-translation';
import { translationQueries } from '../../queries/translations';
import { installTestBridge } from '../../test-bridge';
import { createQueryClient } from '../../app/query-client';
import { ReadyNotifier } from './ReadyNotifier';
import { testTranslation } from './translation-test-support';

const invoke = installTestBridge();
const now = () => Math.floor(Date.now() / 1000);

/** Started now unless said otherwise, named after its id. */
const translation = (id: number, patch: Partial<TranslationInfo>): TranslationInfo =>
  testTranslation({
    id,
    fileId: id,
    createdAt: now(),
    updatedAt: now(),
    fileName: `file-${id}.docx`,
    translatedName: `file-${id}.es.docx`,
    ...patch,
  });

describe('ReadyNotifier', () => {
  it('notifies once per translation that becomes ready, fast ones too, from any view', async () => {
    let list: TranslationInfo[] = [
      translation(1, { status: 'ReadyForDownload', createdAt: now() - 3_600 }),
      // Started after the app and done before the first list arrived: a fast file.
      translation(2, { status: 'ReadyForDownload' }),
      translation(3, { status: 'InProgress' }),
    ];
    const notified: unknown[] = [];
    invoke.mockImplementation(async (channel, input) => {
      if (channel === 'translations:list') return { ok: true, value: list };
      if (channel === 'translations:notify-ready') {
        notified.push((input as { id: number }).id);
        return { ok: true, value: { shown: true } };
      }
      throw new Error(`unexpected ${channel}`);
    });
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <ReadyNotifier />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(notified).toEqual([2]));

    list = list.map((info) => (info.id === 3 ? { ...info, status: 'ReadyForDownload' } : info));
    await client.invalidateQueries({ queryKey: translationQueries.lists() });
    await waitFor(() => expect(notified).toEqual([2, 3]));
    // Read again with nothing new: nobody is told twice.
    await client.invalidateQueries({ queryKey: translationQueries.lists() });
    expect(notified).toEqual([2, 3]);
  });
});
