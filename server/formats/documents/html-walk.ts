import type { DefaultTreeAdapterMap } from 'parse5';
import { DocumentLimitError } from './errors';

/** Deeper pages are refused (real ones stay well under 100); the walks below recurse. */
const MAX_DEPTH = 512;

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** A stretch of the page that is one piece of prose: its offsets and what is inside. */
export interface HtmlRun {
  start: number;
  end: number;
  nodes: Node[];
}

/** An attribute whose value is text to translate: the value's offsets and its quote. */
export interface HtmlAttribute {
  name: string;
  /** As the parser read it: character references resolved. */
  value: string;
  start: number;
  end: number;
  quote: '"' | "'" | '';
}

/** Phrasing elements: inside a run they are `<g>` pairs, their text translated. */
export const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
/** Inside a run, kept whole as one `<x/>` code: void elements and content never translated. */
export const OPAQUE = new Set([
  'br',
  'wbr',
  'img',
  'input',
  'code',
  'svg',
  'math',
  'select',
  'textarea',
  'video',
  'audio',
  'iframe',
  'object',
  'canvas',
  'script',
  'style',
  'template',
  'noscript',
]);
/** Never looked into. */
const SKIPPED = new Set([
  'script',
  'style',
  'pre',
  'code',
  'template',
  'noscript',
  'textarea',
  'svg',
  'math',
]);
const TEXT_ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label'];

const isElement = (node: Node): node is Element => 'tagName' in node;
const isDoNotTranslate = (el: Element) =>
  el.attrs.some((a) => a.name === 'translate' && a.value.toLowerCase() === 'no');

/** Whether a node may sit inside a run of prose. */
export function isPhrasing(node: Node): boolean {
  if (node.nodeName === '#text' || node.nodeName === '#comment') return true;
  if (!isElement(node)) return false;
  return INLINE.has(node.tagName) || OPAQUE.has(node.tagName) || isDoNotTranslate(node);
}

/** Whether an element inside a run is one code kept whole rather than a pair with text. */
export function isOpaque(el: Element): boolean {
  return !INLINE.has(el.tagName) || isDoNotTranslate(el) || !el.sourceCodeLocation?.endTag;
}

/**
 * Walks the page in document order: each maximal run of text and phrasing elements inside a
 * block element goes to `onRun`, each translatable attribute to `onAttribute`. Skipped elements
 * (script, style, pre, code, `translate="no"`...) are not entered.
 */
export function walkHtml(
  root: Node,
  text: string,
  onRun: (run: HtmlRun) => void,
  onAttribute: (attribute: HtmlAttribute) => void,
): void {
  const attributesOf = (el: Element) => textAttributes(el, text).forEach(onAttribute);
  const attributesDeep = (el: Element): void => {
    if (isDoNotTranslate(el) || SKIPPED.has(el.tagName)) return;
    attributesOf(el);
    for (const child of el.childNodes) if (isElement(child)) attributesDeep(child);
  };
  const visit = (node: Node): void => {
    if (isElement(node)) {
      if (SKIPPED.has(node.tagName) || isDoNotTranslate(node)) return;
      attributesOf(node);
    }
    const children = 'childNodes' in node ? node.childNodes : [];
    // A template's content and elements without locations (implied by the parser) hold nothing.
    let run: Node[] = [];
    const flush = () => {
      const range = rangeOf(run);
      if (range) onRun({ ...range, nodes: run });
      // After the run's text: the attributes of its elements (a link's title, an image's alt).
      for (const node of run) if (isElement(node)) attributesDeep(node);
      run = [];
    };
    for (const child of children) {
      if (isPhrasing(child)) run.push(child);
      else {
        flush();
        visit(child);
      }
    }
    flush();
  };
  visit(root);
}

/**
 * Checks the page's depth (refused past MAX_DEPTH, before any walk recurses) and drops the
 * location of every formatting element the parser reopened. Such an element (`<p><b>x<p>y`
 * puts a second `<b>` in the second paragraph) carries the location of the first one, outside
 * its parent: it is not in the page, so only its content counts.
 */
export function forgetReopened(node: Node, contentStart = 0, depth = 0): void {
  if (!('childNodes' in node)) return;
  if (depth > MAX_DEPTH) {
    throw new DocumentLimitError(`the page nests elements more than ${MAX_DEPTH} levels deep`);
  }
  for (const child of node.childNodes) {
    const where = child.sourceCodeLocation;
    if (where && isElement(child) && where.startOffset < contentStart)
      child.sourceCodeLocation = null;
    const own = isElement(child) ? child.sourceCodeLocation?.startTag?.endOffset : undefined;
    forgetReopened(child, own ?? contentStart, depth + 1);
  }
}

/**
 * The offsets a run of nodes covers. An element the parser implied (a formatting element it
 * reopened, `<tbody>`) has no location of its own: its descendants' are used.
 */
function rangeOf(nodes: Node[]): { start: number; end: number } | null {
  let start = Infinity;
  let end = -Infinity;
  for (const node of nodes) {
    const where = node.sourceCodeLocation;
    const inner = where ? null : rangeOf('childNodes' in node ? node.childNodes : []);
    const s = where?.startOffset ?? inner?.start;
    const e = where?.endOffset ?? inner?.end;
    if (s === undefined || e === undefined) continue;
    start = Math.min(start, s);
    end = Math.max(end, e);
  }
  return start <= end ? { start, end } : null;
}

/** The element's attributes that hold text to translate, with their values' offsets. */
function textAttributes(el: Element, text: string): HtmlAttribute[] {
  const names = [...TEXT_ATTRIBUTES];
  const type = el.attrs.find((a) => a.name === 'type')?.value.toLowerCase() ?? '';
  if (el.tagName === 'input' && ['button', 'submit', 'reset'].includes(type)) names.push('value');
  const metaName = el.attrs.find((a) => a.name === 'name')?.value.toLowerCase() ?? '';
  if (el.tagName === 'meta' && ['description', 'keywords'].includes(metaName))
    names.push('content');
  const found: HtmlAttribute[] = [];
  for (const name of names) {
    const location = el.sourceCodeLocation?.attrs?.[name];
    const value = el.attrs.find((a) => a.name === name)?.value;
    if (!location || !value?.trim()) continue;
    found.push({ name, value, ...valueOffsets(text, location.startOffset, location.endOffset) });
  }
  return found;
}

/** The value's offsets inside `name="value"`, `name='value'` or `name=value`. */
function valueOffsets(
  text: string,
  start: number,
  end: number,
): Omit<HtmlAttribute, 'name' | 'value'> {
  let at = text.indexOf('=', start) + 1;
  while (/\s/.test(text[at] ?? '')) at++;
  const quote = text[at] === '"' || text[at] === "'" ? (text[at] as '"' | "'") : '';
  return quote ? { start: at + 1, end: end - 1, quote } : { start: at, end, quote };
}
