import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { segmentSentences } from './segment-sentences';

/** Segments and checks the pieces give back the text exactly. */
function split(text: string, lang = 'en'): string[] {
  const pieces = segmentSentences(text, lang);
  expect(pieces.join('')).toBe(text);
  return pieces.map((p) => p.trimEnd());
}

describe('segmentSentences', () => {
  it('splits plain sentences and keeps whitespace with the sentence before', () => {
    const text = 'The Find toolbar searches documents.  Press Enter to search. Done!  ';
    expect(segmentSentences(text, 'en')).toEqual([
      'The Find toolbar searches documents.  ',
      'Press Enter to search. ',
      'Done!  ',
    ]);
  });

  it('gives nothing for an empty text and one piece for a single sentence', () => {
    expect(segmentSentences('', 'en')).toEqual([]);
    expect(segmentSentences('Find Bar', 'en')).toEqual(['Find Bar']);
    expect(segmentSentences('   ', 'en')).toEqual(['   ']);
  });

  it('does not split after English abbreviations', () => {
    expect(split('Mr. Smith met Dr. Jones. They talked.')).toEqual([
      'Mr. Smith met Dr. Jones.',
      'They talked.',
    ]);
    expect(split('Use a format, e.g. PNG or JPEG. Others, i.e. TIFF, are slow.')).toEqual([
      'Use a format, e.g. PNG or JPEG.',
      'Others, i.e. TIFF, are slow.',
    ]);
    expect(split('It weighs approx. 3 kg vs. 5 kg before. Good.')).toEqual([
      'It weighs approx. 3 kg vs. 5 kg before.',
      'Good.',
    ]);
    expect(split('Fruit, nuts, etc. Are all sold here.')).toEqual([
      'Fruit, nuts, etc. Are all sold here.',
    ]);
  });

  it('treats "No." as an abbreviation only before a number', () => {
    expect(split('See No. 5 in the list. No. That is wrong.')).toEqual([
      'See No. 5 in the list.',
      'No.',
      'That is wrong.',
    ]);
  });

  it('does not split after Spanish abbreviations', () => {
    expect(split('El Sr. García y la Sra. López viven en EE. UU. y en México.', 'es')).toEqual([
      'El Sr. García y la Sra. López viven en EE. UU. y en México.',
    ]);
    expect(split('Use un formato, p. ej. PNG. Otros no sirven.', 'es-ES')).toEqual([
      'Use un formato, p. ej. PNG.',
      'Otros no sirven.',
    ]);
    expect(split('¿Qué es esto? ¡Un estilo! Véase la pág. 5 del manual.', 'es')).toEqual([
      '¿Qué es esto?',
      '¡Un estilo!',
      'Véase la pág. 5 del manual.',
    ]);
  });

  it('does not split after German abbreviations or ordinal dates', () => {
    expect(split('Das ist z. B. gut. Das heißt, d. h. Alles usw. Fertig.', 'de')).toEqual([
      'Das ist z. B. gut.',
      'Das heißt, d. h. Alles usw. Fertig.',
    ]);
    expect(split('Am 3. Oktober ist Feiertag. Siehe Nr. 7 im Text.', 'de-DE')).toEqual([
      'Am 3. Oktober ist Feiertag.',
      'Siehe Nr. 7 im Text.',
    ]);
  });

  it('never splits inside numbers, initials or placeholders', () => {
    expect(split('Version 3.5 is out. It costs 1,000.50 euros.')).toEqual([
      'Version 3.5 is out.',
      'It costs 1,000.50 euros.',
    ]);
    expect(split('J. R. R. Tolkien wrote it. It sold well.')).toEqual([
      'J. R. R. Tolkien wrote it.',
      'It sold well.',
    ]);
    expect(split('Hello {user.Name}. Bye %1$s. Done.')).toEqual([
      'Hello {user.Name}.',
      'Bye %1$s.',
      'Done.',
    ]);
  });

  it('never splits inside an inline code, and places codes with their sentence', () => {
    expect(split('Press <ph id="1">&lt;a href="x. Y"&gt;</ph> now. Then wait.')).toEqual([
      'Press <ph id="1">&lt;a href="x. Y"&gt;</ph> now.',
      'Then wait.',
    ]);
    // A closing code ends the sentence it closes; an opening or standalone code opens the next.
    expect(split('Click <g id="1">here.</g> Then <x id="2"/>go. <bx id="3"/>Next.')).toEqual([
      'Click <g id="1">here.</g>',
      'Then <x id="2"/>go.',
      '<bx id="3"/>Next.',
    ]);
  });

  it('handles ellipsis, quotes and brackets', () => {
    expect(split('Wait... What happened? He said "Stop." Then he left.')).toEqual([
      'Wait...',
      'What happened?',
      'He said "Stop."',
      'Then he left.',
    ]);
    expect(split('It ended… and then? “Go.” (See the manual.) Fine.')).toEqual([
      'It ended… and then?',
      '“Go.”',
      '(See the manual.)',
      'Fine.',
    ]);
  });

  it('keeps trailing spaces, tabs and line breaks with the sentence before', () => {
    const pieces = segmentSentences('One.\t \nTwo.  \n  Three.', 'en');
    expect(pieces).toEqual(['One.\t \n', 'Two.  \n  ', 'Three.']);
  });

  it('joins pieces without letters or digits to their neighbour', () => {
    expect(split('Hello.\n***\nWorld.')).toEqual(['Hello.\n***', 'World.']);
    expect(split('Nice. 😀. See you.')).toEqual(['Nice. 😀.', 'See you.']);
  });

  it('falls back gracefully for an unknown or invalid language tag', () => {
    expect(split('Dr. Who. Yes.', 'not a tag!')).toEqual(['Dr. Who.', 'Yes.']);
  });

  const tsv = fileURLToPath(
    new URL('../../../../shared/data/lohelp-7.4.en-es.tsv', import.meta.url),
  );
  it('segments a real LibreOffice help paragraph and its translation', () => {
    expect(
      existsSync(tsv),
      `${tsv} is missing: the shared data folder sits beside the project`,
    ).toBe(true);
    const rows = readFileSync(tsv, 'utf8').split('\n');
    const row = rows.find((r) => r.includes('\tBlocks the use of linked images'))!.split('\t');
    const [, , english, spanish] = row as [string, string, string, string];
    expect(split(english)).toEqual([
      'Blocks the use of linked images by documents not in the trusted locations defined on the Trusted Sources tab of the Macro Security dialog.',
      'This can increase security in case you work with documents from untrusted sources (e.g. the internet) and are worried about vulnerabilities in image processing software components.',
      'Blocking the use of links means that images are not loaded in untrusted documents, only a placeholder frame is visible.',
    ]);
    expect(split(spanish, 'es')).toHaveLength(3);
    const columns = rows.find((r) => r.includes('\tpar_id3145078\t'))!.split('\t');
    expect(split(columns[2]!)).toHaveLength(3);
    expect(split(columns[3]!, 'es')).toHaveLength(3);
  });
});
