/**
 * The translated file's name: the target language before the last extension, as people name
 * localized copies (`guide.docx` -> `guide.es.docx`, `README` -> `README.es`). A name that already
 * ends in the source language's code swaps it (`help.en.md` -> `help.es.md`).
 */
export function translatedFileName(name: string, srclang: string, trglang: string): string {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < name.length - 1;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  const suffix = `.${srclang}`;
  const base = stem.toLowerCase().endsWith(suffix.toLowerCase())
    ? stem.slice(0, -suffix.length)
    : stem;
  return `${base}.${trglang}${extension}`;
}
