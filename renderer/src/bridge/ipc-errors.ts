import { isIpcError, type IpcError, type IpcErrorCode } from '../../../shared/ipc/errors';

/** Failures that may go away by themselves: the same call can work a moment later. */
const TRANSIENT_CODES: ReadonlySet<IpcErrorCode> = new Set([
  'network',
  'timeout',
  'server',
  'rate-limited',
]);

/**
 * Internals the server or host may put in a message (written for API clients and logs), with the
 * words a translator reads instead. The first pattern that matches wins.
 */
const PLAIN_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/no file bytes|send the file as the body/i, 'The file is empty.'],
  [
    /interrupted before the body ended|upload was interrupted/i,
    'The upload was interrupted before the whole file was sent.',
  ],
  [
    /malformed json|not valid utf-8|body\/|the body\b/i,
    'Wordbench sent something the server could not read.',
  ],
  [/exit(ed)? (with )?code|killed by SIG[A-Z]+/i, 'The local server stopped unexpectedly.'],
];

/** What to do when the code alone says it (and the message came with no hint). */
const HINTS: Partial<Record<IpcErrorCode, string>> = {
  'payload-too-large':
    'The file is larger than this server accepts: split it or ask its administrator.',
  network: 'Check that the server is running and reachable, then try again.',
  timeout: 'The server is slow or unreachable: try again in a moment.',
};

/**
 * Refusals of the input itself (400, 404, 413, 415 and the like): the same call fails the same
 * way, so no "Try again" is offered. A refused key or a conflict may pass once fixed elsewhere.
 */
const HOPELESS_CODES: ReadonlySet<IpcErrorCode> = new Set([
  'bad-request',
  'invalid-input',
  'not-found',
  'payload-too-large',
  'unsupported',
  'unknown-channel',
  'forbidden-sender',
]);

/** True when "Try again" can work: not for a refused input (400, 404, 413, 415). */
export function canRetryHelp(error: unknown): boolean {
  return !HOPELESS_CODES.has(toIpcError(error).code);
}

/** True when the same call may work a moment later by itself (network, timeout, 5xx, 429). */
export function isTransientError(error: unknown): boolean {
  return TRANSIENT_CODES.has(toIpcError(error).code);
}

/** Any rejection turned into the one error shape the UI knows how to show, in the user's words. */
export function toIpcError(error: unknown): IpcError {
  if (isIpcError(error)) return inPlainWords(error);
  if (error instanceof Error) return inPlainWords({ code: 'internal', message: error.message });
  return { code: 'internal', message: 'Something went wrong, and no reason was given.' };
}

function inPlainWords(error: IpcError): IpcError {
  // A stack trace is never shown: its `at ...` lines are dropped.
  const withoutStack = error.message
    .split('\n')
    .filter((line) => !STACK_FRAME.test(line))
    .join('\n')
    .trim();
  const replaced = PLAIN_WORDS.find(([pattern]) => pattern.test(withoutStack))?.[1];
  const message = replaced ?? (withoutStack || error.message);
  const hint = error.hint ?? (error.status === 415 ? UNSUPPORTED_FILE_HINT : HINTS[error.code]);
  if (message === error.message && hint === error.hint) return error;
  return { ...error, message, ...(hint === undefined ? {} : { hint }) };
}

const STACK_FRAME = /^\s+at\s/;
const UNSUPPORTED_FILE_HINT = 'This kind of file cannot be used here: choose a supported format.';
