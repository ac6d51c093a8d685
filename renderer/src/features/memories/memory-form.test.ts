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
      trglang: '“E1” is not a language tag, such as pt or pt-BR.',
    });
    // A tag with a region is a language of its own (en-US), as in the new-project dialog.
    expect(validateMemoryForm({ name: 'Help', srclang: 'en-US', trglang: 'es' })).toEqual({});
    expect(validateMemoryForm({ name: 'Help', srclang: 'en', trglang: 'en' }).trglang).toBe(
      'Translate into a different language from the source.',
    );
    expect(checkMemoryName('x'.repeat(256))).toBe('A memory name has at most 255 characters.');
  });
});
