import { describe, expect, it } from 'vitest';
import { readTranslateForm } from './translate-form';

describe('readTranslateForm', () => {
  it('builds the start call, with the minimum score only when typed and TM is used', () => {
    expect(readTranslateForm({ memoryId: 3, withTM: true, minScore: '' }, [1, 2])).toEqual({
      input: { fileIds: [1, 2], memoryId: 3, withTM: true },
    });
    expect(readTranslateForm({ memoryId: 3, withTM: true, minScore: ' 90 ' }, [1])).toEqual({
      input: { fileIds: [1], memoryId: 3, withTM: true, minScore: 90 },
    });
    expect(readTranslateForm({ memoryId: 3, withTM: false, minScore: '40' }, [1])).toEqual({
      input: { fileIds: [1], memoryId: 3, withTM: false },
    });
  });

  it('says what is wrong in words', () => {
    const result = readTranslateForm({ memoryId: undefined, withTM: true, minScore: '49' }, [1]);
    expect(result).toEqual({
      errors: {
        memoryId: 'Choose a memory: it sets the languages.',
        minScore: 'A whole number from 50 to 101, or empty for the default.',
      },
    });
    expect(readTranslateForm({ memoryId: 1, withTM: true, minScore: '80.5' }, [1])).toHaveProperty(
      'errors.minScore',
    );
  });
});
