import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readRows, tableLayout } from './table-reader';
import { readTbx } from './tbx-reader';
import { readTmx } from './tmx-reader';
import { readXliff } from './xliff-reader';
import { sniffFormat } from './sniff';

const fixture = (name: string) => createReadStream(new URL(`./fixtures/${name}`, import.meta.url));
const text = (value: string | Buffer) => Readable.from([Buffer.from(value)]);
const languages = { srclang: 'en', trglang: 'es' };

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

describe('readTmx', () => {
  it('reads units with inline codes, context props and dates, in the memory languages', async () => {
    const skipped: string[] = [];
    const units = await all(
      readTmx(fixture('sample.tmx'), { languages, onSkip: (r) => skipped.push(r) }),
    );
    expect(units.map((u) => [u.source, u.target])).toEqual([
      [
        'The Find toolbar can be used to quickly search the contents of LibreOffice documents.',
        'Puede servirse de la barra de herramientas Buscar para localizar texto con rapidez en el contenido de los documentos de LibreOffice.',
      ],
      [
        'Press <g id="1">Enter</g> to perform the search.',
        'Presione <g id="1">Intro</g> para efectuar la búsqueda.',
      ],
      [
        'Click <x id="1"/> to open the <g id="2">Navigator</g> & the Gallery.',
        'Pulse <x id="1"/> para abrir el <g id="2">Navegador</g> y la Galería.',
      ],
      ['<bx id="1"/>Value of cell A1', '<bx id="1"/>Valor de la celda A1'],
      ['Deletes {0} rows.', 'Elimina {0} filas.'],
    ]);
    expect(units[0]).toMatchObject({
      srclang: 'en-US',
      trglang: 'es-ES',
      prevSource: 'Find Bar',
      nextSource: 'Find Text',
      created: Date.UTC(2023, 0, 15, 9, 30) / 1000,
      changed: Date.UTC(2023, 0, 16, 10, 15) / 1000,
      tuid: '1',
    });
    expect(units[1]).toMatchObject({
      contextKey: 'par_id921641581538352',
      codes: { '1': { b: '<b>', e: '</b>' } },
    });
    expect(units[2]?.codes).toEqual({ '1': { b: '<img src="icon.png"/>' } });
    expect(skipped).toHaveLength(1);
  });

  it('without languages takes the header srclang and the first other tuv', async () => {
    const units = await all(readTmx(fixture('sample.tmx')));
    expect(units[2]?.trglang).toBe('de-DE');
    expect(units).toHaveLength(6);
  });

  it('refuses a file whose source language is not one of the memory', async () => {
    await expect(
      all(readTmx(fixture('sample.tmx'), { languages: { srclang: 'fr', trglang: 'es' } })),
    ).rejects.toThrow("The TMX's source language is en-US, but the memory translates fr to es");
  });

  it('reads UTF-16 with a BOM', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-16"?><tmx version="1.4"><header srclang="en"/><body>' +
      '<tu><tuv xml:lang="en"><seg>Größe</seg></tuv><tuv xml:lang="es"><seg>Tamaño</seg></tuv></tu>' +
      '</body></tmx>';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const units = await all(readTmx(text(bytes), { languages }));
    expect(units.map((u) => u.target)).toEqual(['Tamaño']);
  });

  it('refuses malformed XML and bytes that are not UTF-8, naming the problem', async () => {
    await expect(all(readTmx(text('<tmx><body><tu></body></tmx>')))).rejects.toThrow(
      /Malformed XML: .*/,
    );
    await expect(
      all(readTmx(text(Buffer.from([0x3c, 0x74, 0x6d, 0x78, 0xff, 0xfe, 0x3e])))),
    ).rejects.toThrow('The file is not valid UTF-8 text');
    await expect(all(readTmx(text('<xliff version="1.2"/>')))).rejects.toThrow(
      'Not a TMX file: the root element is <xliff>',
    );
  });
});

describe('hostile XML', () => {
  const billionLaughs =
    '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY lol "lol">' +
    Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
    ).join('') +
    ']><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&lol9;</seg></tuv>' +
    '<tuv xml:lang="es"><seg>x</seg></tuv></tu></body></tmx>';
  const xxe =
    '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
    '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&xxe;</seg></tuv>' +
    '<tuv xml:lang="es"><seg>x</seg></tuv></tu></body></tmx>';

  it('refuses entity declarations (billion laughs, XXE) before expanding them', async () => {
    // Refused at the declaration, before any entity is expanded or any file read.
    for (const payload of [billionLaughs, xxe]) {
      await expect(all(readTmx(text(payload), { languages }))).rejects.toThrow(
        'The XML declares entities (<!ENTITY> in its DOCTYPE): refused',
      );
    }
  });

  it('refuses undeclared entities, deep nesting and a huge prolog', async () => {
    await expect(
      all(readTmx(text('<tmx><header srclang="en"/><body>&xxe;</body></tmx>'), { languages })),
    ).rejects.toThrow(/Malformed XML: .*undefined entity/i);
    const deep = `<tmx><header srclang="en"/><body>${'<hi>'.repeat(100)}${'</hi>'.repeat(100)}</body></tmx>`;
    await expect(all(readTmx(text(deep), { languages }))).rejects.toThrow(
      'The XML nests elements deeper than 64 levels',
    );
    const prolog = `<?xml version="1.0"?><!-- ${'x'.repeat(100_000)} --><tmx/>`;
    await expect(all(readTmx(text(prolog)))).rejects.toThrow(
      'characters before its root element: refused',
    );
  });

  it('accepts a DOCTYPE that only names the DTD', async () => {
    const units = await all(readTmx(fixture('sample.tmx'), { languages }));
    expect(units.length).toBeGreaterThan(0);
  });
});

describe('readXliff', () => {
  it('reads XLIFF 1.2 with <g>, <x/>, bpt/ept, resname keys and neighbours as context', async () => {
    const units = await all(readXliff(fixture('sample-1.2.xlf'), { languages }));
    expect(units).toEqual([
      {
        source: 'Find Text',
        target: 'Buscar texto',
        contextKey: 'hd_id991641581514302',
        nextSource: 'Enter the <g id="1">text</g> to be searched.<x id="2"/>Press Enter.',
      },
      {
        source: 'Enter the <g id="1">text</g> to be searched.<x id="2"/>Press Enter.',
        target: 'Introduzca el <g id="1">texto</g> que deberá buscarse.<x id="2"/>Presione Intro.',
        contextKey: 'par_id921641581538352',
        prevSource: 'Find Text',
        nextSource: 'Find Previous',
      },
      {
        source: 'Match case <g id="1">only</g>',
        target: 'Solo <g id="1">coincidir</g> mayúsculas',
        contextKey: 'par_id3147762',
        prevSource: 'Find Previous',
        codes: { '1': { b: '<i>', e: '</i>' } },
      },
    ]);
  });

  it('reads XLIFF 2.0 segments with <pc>, <ph/>, <sc/>/<ec/>, <mrk> and <cp/>', async () => {
    const units = await all(readXliff(fixture('sample-2.0.xlf'), { languages }));
    expect(units.map((u) => [u.source, u.target, u.contextKey])).toEqual([
      [
        'Returns the <g id="1">serial number</g> of a date.',
        'Devuelve el <g id="1">número de serie</g> de una fecha.',
        'par_id3154902',
      ],
      ['Line one<x id="1"/>line two.', 'Línea uno<x id="1"/>línea dos.', 'par_id3154902'],
      [
        '<g id="1">Bold start</g> and term\tend',
        '<g id="1">Inicio en negrita</g> y término\tfin',
        'par_id3150012',
      ],
    ]);
  });

  it('takes confirmed SDLXLIFF segments, or those the filters allow', async () => {
    const byDefault = await all(readXliff(fixture('sample.sdlxliff'), { languages }));
    expect(byDefault.map((u) => u.source)).toEqual([
      'Insert a chart.',
      'Format the cell.',
      'Sort the <g id="1">table</g>.',
    ]);
    expect(byDefault[0]?.nextSource).toBe('Delete the chart.');
    const drafts = await all(
      readXliff(fixture('sample.sdlxliff'), {
        languages,
        sdlxliffFilters: [{ confName: 'Draft' }],
      }),
    );
    expect(drafts.map((u) => u.target)).toEqual(['Elimine el gráfico.']);
    const lockedOnly = await all(
      readXliff(fixture('sample.sdlxliff'), {
        languages,
        sdlxliffFilters: [
          { confName: 'SignedOff', allowUnlockedSegments: false },
          { confName: 'ApprovedTranslation', allowablePercentage: 80 },
        ],
      }),
    );
    expect(lockedOnly.map((u) => u.source)).toEqual(['Format the cell.']);
  });

  it('refuses a file in other languages', async () => {
    await expect(
      all(readXliff(fixture('sample-1.2.xlf'), { languages: { srclang: 'en', trglang: 'de' } })),
    ).rejects.toThrow('The XLIFF translates en-US to es-ES, but the memory translates en to de');
  });
});

describe('readTbx and tables', () => {
  it('reads TBX entries in the memory languages with synonyms and extras', async () => {
    const terms = await all(readTbx(fixture('glossary.tbx'), { languages }));
    expect(terms).toEqual([
      {
        source: 'spreadsheet',
        target: 'hoja de cálculo',
        extra: {
          definition: 'A document made of cells in rows and columns.',
          partOfSpeech: 'noun',
        },
      },
      {
        source: 'worksheet',
        target: 'hoja de cálculo',
        extra: {
          definition: 'A document made of cells in rows and columns.',
          partOfSpeech: 'noun',
        },
      },
      { source: 'chart', target: 'gráfico' },
    ]);
  });

  it('reads CSV with quotes and line breaks, and TSV with literal quotes', async () => {
    const csv = await all(readRows(fixture('units.csv'), 'csv'));
    expect(csv[3]).toEqual(['Type "Hello" in the cell.', 'Escriba "Hola" en la celda.']);
    expect(csv[4]).toEqual(['First line\nSecond line', 'Primera línea\nSegunda línea']);
    const tsv = await all(readRows(fixture('units.tsv'), 'tsv'));
    expect(tsv[1]).toEqual(['"Value"', '"Valor"']);
  });

  it('finds the header, the language columns, and terms', () => {
    expect(tableLayout(['path', 'id', 'en-US', 'es'], languages, {})).toMatchObject({
      hasHeader: true,
      isTerms: false,
      source: 2,
      target: 3,
    });
    expect(tableLayout(['Open', 'Abrir'], languages, {})).toMatchObject({
      hasHeader: false,
      source: 0,
      target: 1,
    });
    expect(tableLayout(['term', 'translation', 'definition'], languages, {})).toMatchObject({
      isTerms: true,
      source: 0,
      target: 1,
      extras: [{ index: 2, name: 'definition' }],
    });
    expect(() => tableLayout(['a', 'b', 'c'], languages, {})).toThrow('The table has 3 columns');
  });

  it('sniffs formats by content first', () => {
    expect(
      sniffFormat(Buffer.from('<?xml version="1.0"?>\n<!-- x --><tmx version="1.4">'), 'a.txt'),
    ).toBe('tmx');
    expect(sniffFormat(Buffer.from('<xliff version="2.0">'), 'a.xml')).toBe('xliff');
    expect(sniffFormat(Buffer.from('<martif type="TBX">'), 'g.xml')).toBe('tbx');
    expect(sniffFormat(Buffer.from('a\tb\n'), 'a.tsv')).toBe('tsv');
    expect(sniffFormat(Buffer.from('a,b\n'), 'a')).toBe('csv');
    expect(() => sniffFormat(Buffer.from('a,b'), 'a.tmx')).toThrow(
      'The file is named .tmx but is not XML',
    );
    expect(() => sniffFormat(Buffer.from('SQLite format 3\u0000'), 'a.sdltm')).toThrow(
      'SQLite database',
    );
    expect(() => sniffFormat(Buffer.from('<html><body/>'), 'a.tmx')).toThrow('root element <html>');
  });
});
