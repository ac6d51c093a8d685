import { isCodeStart, matchCode } from '../../shared/inline-codes';

/** How a file's text is laid out, as far as picking out its prose goes. */
export type TextFormat = 'markup' | 'xliff' | 'json' | 'po' | 'properties' | 'plain';

const BY_EXTENSION: Record<string, TextFormat> = {
  xml: 'markup',
  html: 'markup',
  htm: 'markup',
  xhtml: 'markup',
  svg: 'markup',
  resx: 'markup',
  tmx: 'markup',
  ts: 'markup',
  xlf: 'xliff',
  xliff: 'xliff',
  sdlxliff: 'xliff',
  mxliff: 'xliff',
  json: 'json',
  arb: 'json',
  po: 'po',
  pot: 'po',
  properties: 'properties',
  strings: 'properties',
  ini: 'properties',
};

/** The format by file name first, then by a look at the text. */
export function guessFormat(name: string, text: string): TextFormat {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const byName = BY_EXTENSION[extension];
  // `.ts` is also TypeScript: only Qt's XML `.ts` is markup.
  if (byName && (extension !== 'ts' || text.trimStart().startsWith('<'))) return byName;
  const start = text.trimStart();
  if (/^<\?xml|^<!doctype|^<html|^<[a-z]/i.test(start)) {
    return /<xliff[\s>]/.test(start.slice(0, 2000)) ? 'xliff' : 'markup';
  }
  if (/^[[{]/.test(start)) return 'json';
  if (/^msgid\s+"/m.test(text.slice(0, 4000))) return 'po';
  return 'plain';
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function stripMarkup(text: string): string {
  const withoutCode = text
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<!\[CDATA\[([\s\S]*?)(\]\]>|$)/g, '$1');
  return decodeEntities(withoutCode.replace(/<[^>]*(>|$)/g, ' '));
}

/** The source side of XLIFF: a file's language is the one it is translated from. */
function xliffSources(text: string): string {
  const sources = [...text.matchAll(/<source\b[^>]*>([\s\S]*?)(<\/source>|$)/g)].map((m) => m[1]);
  return sources.length > 0 ? stripMarkup(sources.join('\n')) : stripMarkup(text);
}

/** String values, not keys; tolerates a document cut short by the sample's end. */
function jsonValues(text: string): string {
  const values: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\\n]|\\.)*)"(\s*:)?/g)) {
    if (match[2]) continue;
    try {
      values.push(JSON.parse(`"${match[1]}"`) as string);
    } catch {
      // A malformed escape: skip that string.
    }
  }
  return values.join('\n');
}

/** `msgid` texts (with their continuation lines): the source strings, as for XLIFF. */
function poSources(text: string): string {
  const out: string[] = [];
  let inMsgid = false;
  for (const line of text.split(/\r?\n/)) {
    const start = /^msgid(?:_plural)?\s+"(.*)"\s*$/.exec(line);
    if (start) {
      inMsgid = true;
      out.push(start[1]!);
      continue;
    }
    const continuation = /^"(.*)"\s*$/.exec(line);
    if (inMsgid && continuation) {
      out.push(continuation[1]!);
      continue;
    }
    inMsgid = false;
  }
  return out
    .join(' ')
    .replace(/\\n|\\t/g, ' ')
    .replace(/\\(["\\])/g, '$1');
}

function propertiesValues(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => !/^\s*[#;!]/.test(line))
    .map((line) => /^[^=:]*[=:](.*)$/.exec(line)?.[1] ?? '')
    .join('\n');
}

/**
 * The text with each placeholder (`%s`, `{0}`, `${name}`, as the shared scanner reads them) as a
 * blank. Tags are not asked: a placeholder inside one (`<a href="{url}">`) goes too.
 */
function dropPlaceholders(text: string): string {
  let out = '';
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3c || !isCodeStart(c)) continue;
    const end = matchCode(text, i);
    if (end < 0) continue;
    out += `${text.slice(at, i)} `;
    at = end;
    i = end - 1;
  }
  return at === 0 ? text : out + text.slice(at);
}

/** Removes what carries no language: URLs, e-mail addresses, placeholders, numbers. */
function dropNoise(text: string): string {
  return dropPlaceholders(
    text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ').replace(/\S+@\S+\.\S+/g, ' '),
  )
    .replace(/[\d_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The prose of a file's text, ready for a language detector. */
export function extractText(name: string, text: string): string {
  const format = guessFormat(name, text);
  switch (format) {
    case 'markup':
      return dropNoise(stripMarkup(text));
    case 'xliff':
      return dropNoise(xliffSources(text));
    case 'json':
      return dropNoise(jsonValues(text));
    case 'po':
      return dropNoise(poSources(text));
    case 'properties':
      return dropNoise(propertiesValues(text));
    case 'plain':
      return dropNoise(text);
  }
}
