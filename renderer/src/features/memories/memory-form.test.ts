import { describe, expect, it } from 'vitest';
import { checkMemoryName, validateMemoryForm } from './memory-form';

describe('the new-memory form', () => {
  it('accepts a name and two different language codes', () => {
    expect(validateMemoryForm({ name: ' Help ', srclang: 'en', trglang: 'es' })).toEqual({});
  });

  it('says what is missing or wrong, field by field', () => {
    expect(validateMemoryForm({ name: ' ', srclang: '', trglang: 'E1' })).toEqual({
      name: 'Give the memory a name.',
      srclang: 'Choose the language the sentences are in.',
      trglang: 'A language code is two or three lowercase letters, such as en or ca.',
    });
    expect(validateMemoryForm({ name: 'Help', srclang: 'en', trglang: 'en' }).trglang).toBe(
      'Translate into a different language from the source.',
    );
    expect(checkMemoryName('x'.repeat(256))).toBe('A memory name has at most 255 characters.');
  });
});
