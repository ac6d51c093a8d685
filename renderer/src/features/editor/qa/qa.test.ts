import { describe, expect, it } from 'vitest';
import { checkSegment, ending, extractCodes, extractNumbers } from './qa';

const codes = (source: string, target: string) => checkSegment(source, target).map((w) => w.code);

describe('QA on confirm', () => {
  it('passes a faithful translation', () => {
    expect(checkSegment('Save 25 files in {0}.', 'Guarde 25 archivos en {0}.')).toEqual([]);
    expect(checkSegment('Is it ready?', '¿Está listo?')).toEqual([]);
    expect(checkSegment('Open <g id="1">Find</g>!', '¡Abra <g id="1">Buscar</g>!')).toEqual([]);
  });

  it('finds numbers missing from or added to the translation', () => {
    const warnings = checkSegment('The lease runs for 12 months.', 'El contrato dura 11 meses.');
    expect(warnings.map((w) => w.code)).toEqual(['number-missing', 'number-extra']);
    expect(warnings[0]?.message).toContain('“12”');
    expect(codes('Pay 1,500.50 euros.', 'Pague 1.500,50 euros.')).toEqual([]);
    expect(codes('Pay 1 500 euros.', 'Pague 1500 euros.')).toEqual([]);
    expect(codes('Rooms 2 and 2.', 'Habitaciones 2 y 3.')).toEqual([
      'number-missing',
      'number-extra',
    ]);
  });

  it('ignores numbers inside tags and placeholders', () => {
    expect(extractNumbers('Item <x id="2"/> of {0} and %1$s: 7')).toEqual(['7']);
  });

  it('finds tags and placeholders that differ', () => {
    expect(codes('Hello {0}, you have %s.', 'Hola {1}, tiene %s.')).toEqual([
      'code-missing',
      'code-extra',
    ]);
    expect(codes('Click <x id="2"/> here.', 'Haga clic aquí.')).toEqual(['code-missing']);
    expect(extractCodes(`<x id='2' />`)).toEqual(['<x id="2"/>']);
    expect(codes('<g id="1">Bold</g> text.', '<g id="2">Negrita</g> texto.')).toEqual([
      'code-missing',
      'code-extra',
    ]);
  });

  it('compares the final punctuation, in its Spanish and CJK forms too', () => {
    expect(ending('Done.')).toBe('period');
    expect(ending('完成。')).toBe('period');
    expect(ending('本当？')).toBe('question');
    expect(ending('Wait...')).toBe('ellipsis');
    expect(ending('He said “yes.”')).toBe('period');
    expect(codes('Options:', 'Opciones：')).toEqual([]);
    expect(codes('Stop!', 'Pare.')).toEqual(['ending']);
    expect(codes('Title', 'Título.')).toEqual(['ending']);
  });

  it('compares leading and trailing spaces', () => {
    expect(codes(' Next ', 'Siguiente')).toEqual(['leading-space', 'trailing-space']);
    expect(codes('Next', 'Siguiente ')).toEqual(['trailing-space']);
  });

  it('says an empty translation is empty, and nothing else', () => {
    expect(codes('Save 2 files.', '  ')).toEqual(['empty']);
  });

  it('joins digits after a space only for an exact group of three', () => {
    expect(extractNumbers('In 2023 15 new branches opened.')).toEqual(['2023', '15']);
    expect(extractNumbers('Pay 3 500 or 1\u00a0250\u00a0000 euros.')).toEqual(['3500', '1250000']);
    expect(extractNumbers('Rooms 12 3456')).toEqual(['12', '3456']);
    expect(codes('In 2023 15 new branches opened.', 'En 2023 abrieron 15 sucursales.')).toEqual([]);
  });

  it('looks past closing quotes of every language for the final mark', () => {
    expect(ending('Er sagte „ja.“')).toBe('period');
    expect(ending('Il a dit « oui ! »')).toBe('exclamation');
    expect(ending('Er sagte »ja?«')).toBe('question');
    expect(ending('Sie sagte ‹nein.›')).toBe('period');
    expect(codes('He said “yes.”', 'Er sagte „ja.“')).toEqual([]);
  });

  it('counts <…> as a tag only for inline codes, self-closing tags and real pairs', () => {
    expect(extractCodes('Press <Enter> to go on.')).toEqual([]);
    expect(codes('Press <Enter> to go on.', 'Pulse Intro para seguir.')).toEqual([]);
    expect(extractCodes('A <b>bold</b> word<br/>')).toEqual(['<b>', '</b>', '<br/>']);
    expect(extractCodes('<g id="1">Open</g> and <ph id="2">')).toEqual([
      '<g id="1">',
      '</g>',
      '<ph id="2">',
    ]);
    expect(extractNumbers('Press <F5> then 3')).toEqual(['5', '3']);
  });
});

describe('checks of the text around the codes', () => {
  const enEs = { source: 'en', target: 'es' };
  const with2 = (source: string, target: string) =>
    checkSegment(source, target, enEs).map((w) => w.code);

  it('finds a double space the source does not have', () => {
    expect(with2('Open the file.', 'Abra  el archivo.')).toEqual(['double-space']);
    expect(with2('Open  the file.', 'Abra  el archivo.')).toEqual([]);
  });

  it('finds a target copied from its source, where that matters', () => {
    expect(with2('Open the file.', 'Open the file.')).toEqual(['same-as-source']);
    // One word, a name or a code often stays as it is.
    expect(with2('Wordbench', 'Wordbench')).toEqual([]);
    expect(with2('{0}', '{0}')).toEqual([]);
    // English to British English: the same text is fine.
    expect(
      checkSegment('Open the file.', 'Open the file.', { source: 'en-US', target: 'en-GB' }),
    ).toEqual([]);
    // Without the languages the check is off.
    expect(codes('Open the file.', 'Open the file.')).toEqual([]);
  });
});
