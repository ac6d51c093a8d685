/** Label names the server accepts: 1 to 100 characters, no commas or control characters. */
const MAX_LABEL_LENGTH = 100;
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[,\u0000-\u001f\u007f]/;

/** Why a typed label cannot be used, in words; null when it can. */
export function labelProblem(name: string): string | null {
  if (name.length === 0) return 'Type a label first.';
  if (name.length > MAX_LABEL_LENGTH) return `A label has at most ${MAX_LABEL_LENGTH} characters.`;
  if (FORBIDDEN.test(name)) return 'A label cannot contain commas or control characters.';
  return null;
}

export function isLabelName(name: string): boolean {
  return labelProblem(name) === null;
}

/** Every label in use, sorted for display. */
export function collectLabels(files: readonly { labels: readonly string[] }[]): string[] {
  const all = new Set<string>();
  for (const file of files) for (const label of file.labels) all.add(label);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** Reads `labels=a,b` from the query part of the hash; unreadable names are left out. */
export function parseLabelFilter(search: string): string[] {
  const raw = new URLSearchParams(search).get('labels') ?? '';
  const names = raw.split(',').filter(isLabelName);
  return [...new Set(names)];
}

/** `labels=a,b` (commas kept readable: a label never contains one); empty when none. */
export function formatLabelFilter(labels: readonly string[]): string {
  return labels.length ? `labels=${labels.map(encodeURIComponent).join(',')}` : '';
}
