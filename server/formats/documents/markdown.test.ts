import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS, text, utf8 } from './test-support';

const README = `---
title: Printing
---

# Printing *documents*

Choose **File > Print**, then press \`Ctrl+P\`.
The [Print dialog](https://example.org/print "Print help") opens.

- Select the pages.
- Press ![printer](img/printer.png) Print.

> Quoted advice
> on two lines.

| Key | Action |
| --- | ------ |
| P   | Print the page |

\`\`\`sh
lp -d office report.pdf
\`\`\`

<div align="center">HTML block stays</div>
`;

const types = (md: string): string[] => {
  const out: string[] = [];
  const walk = (node: { type: string; children?: unknown[] }) => {
    out.push(node.type);
    (node.children as (typeof node)[] | undefined)?.forEach(walk);
  };
  walk(fromMarkdown(md) as never);
  return out;
};

describe('the Markdown filter', () => {
  it('reads paragraphs, headings, list items, quotes and cells with inline codes', () => {
    const doc = extractDocument('markdown', utf8(README), OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Printing <g id="1">documents</g>',
      'Choose <g id="1">File > Print</g>, then press <x id="2"/>. The <g id="3">Print dialog</g> opens.',
      'Select the pages.',
      'Press <x id="1"/> Print.',
      'Quoted advice on two lines.',
      'Key',
      'Action',
      'P',
      'Print the page',
    ]);
  });

  it('gives the bytes back untranslated; translated, the same tree with code and URLs intact', () => {
    const bytes = utf8(README);
    const doc = extractDocument('markdown', bytes, OPTIONS);
    expect(
      mergeDocument(
        'markdown',
        doc.skeleton,
        doc.segments.map(() => null),
        OPTIONS,
      ),
    ).toEqual(bytes);
    const targets = doc.segments.map(() => null as string | null);
    targets[1] =
      'Elija <g id="1">Archivo > Imprimir</g> y pulse <x id="2"/>. Se abre el <g id="3">diálogo [Imprimir]</g>.';
    targets[4] = 'Consejo citado.';
    targets[8] = 'Imprimir la página';
    const out = text(mergeDocument('markdown', doc.skeleton, targets, OPTIONS));
    expect(out).toContain(
      'Elija **Archivo > Imprimir** y pulse `Ctrl+P`. Se abre el [diálogo \\[Imprimir\\]](https://example.org/print "Print help").',
    );
    expect(out).toContain('> Consejo citado.\n');
    expect(out).toContain('| P   | Imprimir la página |');
    expect(out).toContain('```sh\nlp -d office report.pdf\n```');
    expect(out).toContain('---\ntitle: Printing\n---');
    expect(types(out)).toEqual(types(README));
  });

  it('handles one very long paragraph', () => {
    const doc = extractDocument('markdown', utf8(`${'word '.repeat(200_000)}\n`), OPTIONS);
    expect(doc.segments).toHaveLength(1);
  });
});
