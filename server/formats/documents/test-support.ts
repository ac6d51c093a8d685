import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { DocumentFormatError } from './errors';

export const OPTIONS = { srclang: 'en', trglang: 'es' };

/** A fixture file's bytes. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
export const text = (b: Uint8Array): string => new TextDecoder().decode(b);

/** Runs `fn`, expects a DocumentFormatError, and returns it. */
export function formatError(fn: () => unknown): DocumentFormatError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DocumentFormatError);
    return err as DocumentFormatError;
  }
  throw new Error('expected a DocumentFormatError');
}
