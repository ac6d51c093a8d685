import type { DocumentFormat } from '../types';
import { docxOf, pptxOf, xlsxOf } from './office-files';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const utf8 = (s: string) => new TextEncoder().encode(s);
const key = (i: number) => `item${i}`;
const time = (s: number, sep: string) => `00:00:${String(s).padStart(2, '0')}${sep}000`;

/**
 * One realistic file per format holding `texts` as its translatable strings (each once, in order),
 * with the structure around them that the format's filter must leave alone.
 */
export const CORPUS_FILES: Record<
  DocumentFormat,
  { name: string; build(texts: string[]): Uint8Array }
> = {
  text: { name: 'help.txt', build: (t) => utf8(`${t.join('\n')}\n`) },
  xliff12: {
    name: 'help.xlf',
    build: (t) =>
      utf8(
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n' +
          '  <file original="help" source-language="en" datatype="plaintext">\n    <body>\n' +
          t
            .map(
              (s, i) =>
                `      <trans-unit id="${key(i)}"><source>${xml(s)}</source></trans-unit>\n`,
            )
            .join('') +
          '    </body>\n  </file>\n</xliff>\n',
      ),
  },
  xliff20: {
    name: 'help.xliff',
    build: (t) =>
      utf8(
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">\n' +
          '  <file id="f1">\n' +
          t
            .map(
              (s, i) =>
                `    <unit id="${key(i)}"><segment><source>${xml(s)}</source></segment></unit>\n`,
            )
            .join('') +
          '  </file>\n</xliff>\n',
      ),
  },
  po: {
    name: 'help.po',
    build: (t) =>
      utf8(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' +
          t.map((s, i) => `#: help.c:${i + 1}\nmsgid "${s}"\nmsgstr ""\n`).join('\n'),
      ),
  },
  json: {
    name: 'help.json',
    build: (t) =>
      utf8(
        `${JSON.stringify({ help: Object.fromEntries(t.map((s, i) => [key(i), s])), version: 2 }, null, 2)}\n`,
      ),
  },
  yaml: {
    name: 'help.yml',
    build: (t) =>
      utf8(
        `# Help strings\nen:\n  help:\n${t.map((s, i) => `    ${key(i)}: ${s}\n`).join('')}  count: 3\n`,
      ),
  },
  markdown: {
    name: 'help.md',
    build: (t) =>
      utf8(
        `---\ntitle: help\n---\n\n# ${t[0]}\n\n` +
          t
            .slice(1)
            .map((s, i) => (i % 3 === 0 ? `- ${s}\n` : `${s}\n`))
            .join('\n') +
          '\n```sh\necho "keep me"\n```\n\nSee [the guide](https://example.org/guide).\n',
      ),
  },
  html: {
    name: 'help.html',
    build: (t) =>
      utf8(
        `<!DOCTYPE html>\n<html lang="en">\n<head><title>${xml(t[0]!)}</title>\n<script>var keep = "me";</script></head>\n<body>\n` +
          t
            .slice(1)
            .map((s) => `<p>${xml(s)}</p>\n`)
            .join('') +
          '<pre><code>keep me</code></pre>\n</body>\n</html>\n',
      ),
  },
  srt: {
    name: 'help.srt',
    build: (t) =>
      utf8(t.map((s, i) => `${i + 1}\n${time(i, ',')} --> ${time(i + 1, ',')}\n${s}\n`).join('\n')),
  },
  vtt: {
    name: 'help.vtt',
    build: (t) =>
      utf8(
        `WEBVTT\n\n${t.map((s, i) => `${time(i, '.')} --> ${time(i + 1, '.')}\n${s}\n`).join('\n')}`,
      ),
  },
  csv: {
    name: 'help.csv',
    build: (t) => utf8(`key,text\n${t.map((s, i) => `${key(i)},"${s}"`).join('\n')}\n`),
  },
  properties: {
    name: 'help.properties',
    build: (t) => utf8(`# Help strings\n${t.map((s, i) => `${key(i)}=${s}`).join('\n')}\n`),
  },
  docx: { name: 'help.docx', build: (t) => docxOf(t) },
  pptx: { name: 'help.pptx', build: pptxOf },
  xlsx: { name: 'help.xlsx', build: xlsxOf },
  android: {
    name: 'strings.xml',
    build: (t) =>
      utf8(
        '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n' +
          t.map((s, i) => `    <string name="${key(i)}">${xml(s)}</string>\n`).join('') +
          '    <string name="app_id" translatable="false">org.example.help</string>\n</resources>\n',
      ),
  },
  'ios-strings': {
    name: 'Localizable.strings',
    build: (t) => utf8(t.map((s, i) => `/* Help ${i} */\n"${key(i)}" = "${s}";\n`).join('\n')),
  },
  xcstrings: {
    name: 'Localizable.xcstrings',
    build: (t) =>
      utf8(
        JSON.stringify(
          {
            sourceLanguage: 'en',
            strings: Object.fromEntries(
              t.map((s, i) => [
                key(i),
                { localizations: { en: { stringUnit: { state: 'translated', value: s } } } },
              ]),
            ),
            version: '1.0',
          },
          null,
          2,
        ),
      ),
  },
};
