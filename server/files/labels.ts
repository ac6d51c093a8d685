import { badRequest } from '../http/http-error';
import { hasControlCharacter } from '../http/file-name';

export const LABEL_RULE = 'a label is 1 to 100 characters without commas or control characters';

const MAX_LABEL = 100;

/** One label name, trimmed; refuses empty, over-long and ill-formed names with a 400. */
export function checkLabel(raw: string, field = 'name'): string {
  const name = raw.trim();
  if (name === '') throw badRequest(`${field}: label must not be empty (${LABEL_RULE})`);
  if ([...name].length > MAX_LABEL) {
    throw badRequest(
      `${field}: label "${name.slice(0, 20)}..." is longer than ${MAX_LABEL} characters`,
    );
  }
  if (name.includes(',') || hasControlCharacter(name))
    throw badRequest(`${field}: label "${name}" is not allowed (${LABEL_RULE})`);
  return name;
}

/**
 * A comma list of labels (`a, b,c`), each trimmed. An absent or entirely empty parameter is no
 * labels; an empty item (`a,,b`, `a,`) is a 400. Duplicates collapse, order is kept.
 */
export function parseLabelList(list: string | undefined, field = 'labels'): string[] {
  if (list === undefined || list.trim() === '') return [];
  const labels = list.split(',').map((item, index) => {
    if (item.trim() === '')
      throw badRequest(`${field}: item ${index + 1} is empty (${LABEL_RULE})`);
    return checkLabel(item, field);
  });
  return [...new Set(labels)];
}
