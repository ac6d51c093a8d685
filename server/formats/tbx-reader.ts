import type { Readable } from 'node:stream';
import { primaryLanguage, type LanguagePair } from './languages';
import { decodeText, FormatError } from './text-decode';
import { localName, parseXml, type XmlTag } from './xml-stream';

/** A termbase entry: a source term, its target term, and named extras (definition, notes). */
export interface TermPair {
  source: string;
  target: string;
  extra?: Record<string, string>;
}

interface Entry {
  terms: Map<string, string[]>;
  extra: Record<string, string>;
}

/**
 * Reads TBX (ISO 30042: TBX 2008 `<martif>`, TBX v3 `<tbx>`) as term pairs in the memory's
 * languages (by primary subtag). For each concept entry, the first source term pairs with every
 * target term, and every further source term (a synonym) with the first target term. Entry and
 * language-level `<descrip>`, `<termNote>` and `<note>` become extras named by their `type`
 * (`definition`, `partOfSpeech`, `note`).
 */
export async function* tbxBatches(
  stream: Readable | AsyncIterable<Buffer>,
  options: { languages: LanguagePair; onSkip?: (reason: string) => void },
): AsyncGenerator<TermPair[]> {
  const source = primaryLanguage(options.languages.srclang);
  const target = primaryLanguage(options.languages.trglang);
  const out: TermPair[] = [];
  let sawRoot = false;
  let entry: Entry | null = null;
  let lang: string | null = null;
  let field: { kind: 'term' | 'extra'; name: string; text: string } | null = null;

  const emit = ({ terms, extra }: Entry) => {
    const sources = terms.get(source) ?? [];
    const targets = terms.get(target) ?? [];
    const [firstSource, ...synonyms] = sources;
    const [firstTarget] = targets;
    if (firstSource === undefined || firstTarget === undefined) {
      options.onSkip?.(
        `a term entry without a ${firstSource === undefined ? source : target} term`,
      );
      return;
    }
    const withExtra = (pair: TermPair): TermPair =>
      Object.keys(extra).length > 0 ? { ...pair, extra } : pair;
    for (const term of targets) out.push(withExtra({ source: firstSource, target: term }));
    for (const term of synonyms) out.push(withExtra({ source: term, target: firstTarget }));
  };

  const handlers = {
    open(tag: XmlTag) {
      const name = localName(tag.name);
      const attrs = tag.attributes as Record<string, string>;
      if (!sawRoot) {
        if (name !== 'martif' && name !== 'tbx') {
          throw new FormatError(`Not a TBX file: the root element is <${tag.name}>`);
        }
        sawRoot = true;
        return;
      }
      switch (name) {
        case 'termEntry':
        case 'conceptEntry':
          entry = { terms: new Map(), extra: {} };
          return;
        case 'langSet':
        case 'langSec': {
          const tagLang = attrs['xml:lang'] ?? attrs.lang;
          lang = tagLang ? primaryLanguage(tagLang) : null;
          return;
        }
        case 'term':
          if (entry && lang) field = { kind: 'term', name: lang, text: '' };
          return;
        case 'descrip':
        case 'termNote':
        case 'note':
          if (entry) field = { kind: 'extra', name: attrs.type ?? name, text: '' };
          return;
        default:
          return;
      }
    },
    close(tag: XmlTag) {
      const name = localName(tag.name);
      switch (name) {
        case 'term':
        case 'descrip':
        case 'termNote':
        case 'note': {
          const done = field;
          field = null;
          const text = done?.text.trim();
          if (!entry || !done || !text) return;
          if (done.kind === 'term') {
            const list = entry.terms.get(done.name) ?? [];
            list.push(text);
            entry.terms.set(done.name, list);
          } else if (!(done.name in entry.extra)) {
            entry.extra[done.name] = text;
          }
          return;
        }
        case 'langSet':
        case 'langSec':
          lang = null;
          return;
        case 'termEntry':
        case 'conceptEntry':
          if (entry) emit(entry);
          entry = null;
          return;
        default:
          return;
      }
    },
    text(text: string) {
      if (field) field.text += text;
    },
  };

  yield* parseXml(decodeText(stream), handlers, out);
}

/** `tbxBatches`, one item at a time. */
export async function* readTbx(
  stream: Readable | AsyncIterable<Buffer>,
  options: { languages: LanguagePair; onSkip?: (reason: string) => void },
): AsyncIterable<TermPair> {
  for await (const batch of tbxBatches(stream, options)) yield* batch;
}
