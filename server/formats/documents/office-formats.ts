import { officeFilter } from './office-package';

/** `slide12.xml` -> 12, so slides sort as PowerPoint numbers them. */
const numberIn = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
const WORD_ORDER = ['document', 'header', 'footer', 'footnotes', 'endnotes', 'comments'];

/** Word: body, headers, footers, footnotes, endnotes, comments; `w:p` paragraphs. */
export const docxFilter = officeFilter({
  format: 'docx',
  mainPart: 'word/document.xml',
  parts: /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/,
  order: (name) =>
    WORD_ORDER.findIndex((kind) => name.startsWith(`word/${kind}`)) * 1000 + numberIn(name),
  paragraph: new Set(['p']),
});

/** PowerPoint: each slide's `a:p` paragraphs in slide order, then the speaker notes. */
export const pptxFilter = officeFilter({
  format: 'pptx',
  mainPart: 'ppt/presentation.xml',
  parts: /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/,
  order: (name) => (name.includes('notesSlide') ? 100_000 : 0) + numberIn(name),
  paragraph: new Set(['p']),
});

/**
 * Excel: the shared strings (plain or rich text with runs), then the inline strings of the
 * sheets (`<c t="inlineStr"><is>`); numbers, formulas, cached results and sheet names are left
 * alone. A sheet without inline strings is not parsed at all.
 */
export const xlsxFilter = officeFilter({
  format: 'xlsx',
  mainPart: 'xl/workbook.xml',
  parts: /^xl\/(sharedStrings|worksheets\/sheet\d+)\.xml$/,
  order: (name) => (name.includes('worksheets/') ? 1000 : 0) + numberIn(name),
  paragraph: new Set(['si', 'is']),
  worth: (name, text) => !name.includes('worksheets/') || text.includes('inlineStr'),
});
