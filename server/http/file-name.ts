import { badRequest } from './http-error';
import { hasLoneSurrogate } from './text-rules';

/** C0 controls, DEL and C1 controls: never part of a name or a label. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Checks a file name as given by a client. It is stored and shown, never used as a path (blobs
 * are named by their digest), but a name that looks like a path is a client bug worth refusing.
 */
export function checkFileName(name: string, field = 'name'): string {
  if (name.trim() === '') throw badRequest(`${field} must not be empty`);
  if (/[/\\]/.test(name) || hasControlCharacter(name) || name === '.' || name === '..') {
    throw badRequest(`${field} must be a file name, not a path (no / or \\ or control characters)`);
  }
  if (hasLoneSurrogate(name)) throw badRequest(`${field} is not valid Unicode text`);
  return name;
}
