import { describe, expect, it } from 'vitest';
import { completeInfo } from './translations';

describe('a translation as a hosted service answers it (public fields only)', () => {
  it('gets neutral values for our extensions and keeps what it has', () => {
    const info = completeInfo({
      id: 7,
      fileId: 3,
      status: 'Failed',
      createdAt: 100,
      errorMsg: 'x',
    });
    expect(info).toMatchObject({
      id: 7,
      fileId: 3,
      status: 'Failed',
      errorMsg: 'x',
      fileName: 'File 3',
      translatedName: 'translation-7',
      segmentsDone: 0,
      segmentsTotal: 0,
      warning: null,
      updatedAt: 100,
    });
  });

  it('leaves a full answer as it is', () => {
    const full = completeInfo({ id: 1, fileId: 2, status: 'InProgress', createdAt: 5 });
    expect(completeInfo({ ...full, fileName: 'guide.docx', segmentsTotal: 9 })).toMatchObject({
      fileName: 'guide.docx',
      segmentsTotal: 9,
    });
  });
});
