import { describe, expect, it } from 'vitest';
import { canRetryHelp, isTransientError, toIpcError } from './ipc-errors';

describe('errors in the user’s words', () => {
  it('replaces messages written for API clients and logs', () => {
    expect(
      toIpcError({
        code: 'bad-request',
        status: 400,
        message: 'The request has no file bytes: send the file as the body',
      }).message,
    ).toBe('The file is empty.');
    expect(
      toIpcError({ code: 'internal', message: 'The embedded server exited with code 3.' }).message,
    ).toBe('The local server stopped unexpectedly.');
    expect(
      toIpcError({ code: 'bad-request', message: 'Malformed JSON body: the body is empty' })
        .message,
    ).toBe('Wordbench sent something the server could not read.');
  });

  it('drops the lines of a stack trace', () => {
    const error = new Error('Disk full');
    error.message = 'Disk full\n    at write (fs.js:1:1)\n    at main (main.js:2:2)';
    expect(toIpcError(error).message).toBe('Disk full');
  });

  it('keeps a message that is already in words, with its own hint', () => {
    const error = { code: 'conflict' as const, message: 'The segment changed.', hint: 'Reload.' };
    expect(toIpcError(error)).toBe(error);
  });

  it('adds what to do when only the status says it', () => {
    expect(
      toIpcError({ code: 'bad-request', status: 415, message: 'Unsupported format .xyz' }).hint,
    ).toContain('choose a supported format');
    expect(toIpcError({ code: 'payload-too-large', status: 413, message: 'Too large' }).hint).toBe(
      'The file is larger than this server accepts: split it or ask its administrator.',
    );
  });

  it('offers trying again only where it can work', () => {
    for (const code of ['network', 'timeout', 'server', 'rate-limited'] as const) {
      expect(isTransientError({ code, message: '' })).toBe(true);
      expect(canRetryHelp({ code, message: '' })).toBe(true);
    }
    for (const code of ['bad-request', 'not-found', 'payload-too-large', 'unsupported'] as const) {
      expect(isTransientError({ code, message: '' })).toBe(false);
      expect(canRetryHelp({ code, message: '' })).toBe(false);
    }
    // Fixed elsewhere (a new key in Settings, the other edit saved): trying again may then work.
    expect(canRetryHelp({ code: 'unauthorized', message: '' })).toBe(true);
    expect(isTransientError({ code: 'conflict', message: '' })).toBe(false);
  });
});
