import { SaxesParser } from 'saxes';
import { DocumentFormatError, positionAt } from './errors';

/** An element, with the offsets of its markup in the parsed string (for byte-exact merges). */
export interface XmlElement {
  type: 'element';
  /** Qualified name as written (`target`, `xlf:target`). */
  name: string;
  local: string;
  prefix: string;
  uri: string;
  /** Attribute values by qualified name (`id`, `xml:space`). */
  attrs: Record<string, string>;
  /** Start of `<name`. */
  start: number;
  /** Just after the start tag's `>`. */
  openEnd: number;
  /** Start of the end tag (equals `end` for `<name/>`). */
  closeStart: number;
  /** Just after the element. */
  end: number;
  isSelfClosing: boolean;
  children: XmlNode[];
  line: number;
  column: number;
}

export interface XmlText {
  type: 'text';
  text: string;
}

export type XmlNode = XmlElement | XmlText;

/**
 * Told as each element ends, with its ancestors (root first; the live stack, to be read at once):
 * a filter can take a unit as soon as it is complete, while the rest of the file is parsed.
 */
export type ElementEndHook = (element: XmlElement, ancestors: readonly XmlElement[]) => void;

/** Deeper than this is not a real localization file. */
export const MAX_XML_DEPTH = 64;

/**
 * Parses a whole XML document with saxes (strict, no DTD expansion) into a small tree. Refuses
 * hostile input before doing any work on it: a DOCTYPE that declares entities (entity expansion,
 * external entities) and nesting deeper than MAX_XML_DEPTH. Comments and processing instructions
 * are left out of the tree (merges splice the original text, so they survive).
 */
export function parseXml(text: string, what: string, onElementEnd?: ElementEndHook): XmlElement {
  refuseEntityDeclarations(text, what);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (message: string): never => {
    throw new DocumentFormatError(`${what}: ${message}`, {
      line: parser.line,
      column: parser.column + 1,
    });
  };
  parser.on('error', (err) => {
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(err.message);
    if (!m) fail(err.message);
    throw new DocumentFormatError(`${what}: ${m![3]}`, {
      line: Number(m![1]),
      column: Number(m![2]) + 1,
    });
  });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail('a DOCTYPE that declares entities is refused');
  });
  parser.on('opentagstart', (tag) => {
    if (stack.length >= MAX_XML_DEPTH) fail(`elements nested deeper than ${MAX_XML_DEPTH} levels`);
    const start = text.lastIndexOf('<', parser.position - 1);
    const element: XmlElement = {
      type: 'element',
      name: tag.name,
      local: '',
      prefix: '',
      uri: '',
      attrs: {},
      start,
      openEnd: -1,
      closeStart: -1,
      end: -1,
      isSelfClosing: false,
      children: [],
      line: parser.line,
      column: parser.column - tag.name.length,
    };
    stack[stack.length - 1]?.children.push(element);
    stack.push(element);
  });
  parser.on('opentag', (tag) => {
    const element = stack[stack.length - 1]!;
    element.local = tag.local;
    element.prefix = tag.prefix;
    element.uri = tag.uri;
    for (const attr of Object.values(tag.attributes)) element.attrs[attr.name] = attr.value;
    element.openEnd = parser.position;
    element.isSelfClosing = tag.isSelfClosing;
  });
  parser.on('closetag', () => {
    const element = stack.pop()!;
    element.end = parser.position;
    element.closeStart = element.isSelfClosing
      ? element.end
      : text.lastIndexOf('</', parser.position - 1);
    if (stack.length === 0) root = element;
    onElementEnd?.(element, stack);
  });
  const addText = (value: string) => {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    const last = parent.children[parent.children.length - 1];
    if (last?.type === 'text') last.text += value;
    else parent.children.push({ type: 'text', text: value });
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  if (!root) throw new DocumentFormatError(`${what}: no root element`);
  return root;
}

// Cheap and early: a billion-laughs file is refused before the parser sees it.
function refuseEntityDeclarations(text: string, what: string): void {
  const doctype = text.indexOf('<!DOCTYPE');
  if (doctype < 0) return;
  const entity = text.indexOf('<!ENTITY', doctype);
  const firstElement = text.slice(doctype + 9).search(/<[A-Za-z_]/);
  if (entity >= 0 && (firstElement < 0 || entity < doctype + 9 + firstElement)) {
    throw new DocumentFormatError(
      `${what}: a DOCTYPE that declares entities is refused (entity expansion and external entities are not allowed)`,
      positionAt(text, entity),
    );
  }
}

/** The element children of `element` with this local name. */
export function childElements(element: XmlElement, local?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (child.type === 'element' && (local === undefined || child.local === local)) out.push(child);
  }
  return out;
}

/** The text content of an element and its descendants. */
export function textContent(element: XmlElement): string {
  let out = '';
  for (const child of element.children) {
    out += child.type === 'text' ? child.text : textContent(child);
  }
  return out;
}
