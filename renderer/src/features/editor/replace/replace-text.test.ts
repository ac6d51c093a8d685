import { describe, expect, it } from 'vitest';
import { compileSearch, type SearchOptions } from '../find/search';
import { codeSpans, replaceInTarget } from './replace-text';

const search = (query: string, patch: Partial<SearchOptions> = {}) => {
  const compiled = compileSearch({
    query,
    isCaseSensitive: false,
    isWholeWord: false,
    isRegex: false,
    scope: 'target',
    ...patch,
  });
  if (compiled.kind !== 'ok') throw new Error(`not a search: ${query}`);
  return compiled.pattern;
};

describe('replaceInTarget', () => {
  it('replaces every hit, as typed in plain mode (a $ is a dollar)', () => {
    const result = replaceInTarget('Archivo y archivo.', search('archivo'), 'fichero $1', false);
    expect(result).toMatchObject({ after: 'fichero $1 y fichero $1.', replaced: 2, skipped: 0 });
    expect(result.pieces).toEqual([
      { removed: 'Archivo', inserted: 'fichero $1' },
      ' y ',
      { removed: 'archivo', inserted: 'fichero $1' },
      '.',
    ]);
  });

  it('keeps to whole words and case when asked', () => {
    const pattern = search('mes', { isWholeWord: true, isCaseSensitive: true });
    expect(replaceInTarget('mes, Mes, meses', pattern, 'día', false).after).toBe('día, Mes, meses');
  });

  it('expands $1, $<name>, $& and $$ in regex mode', () => {
    const swap = search('(\\d+) (dormitorios?)', { isRegex: true });
    expect(replaceInTarget('3 dormitorios', swap, '$2: $1', true).after).toBe('dormitorios: 3');
    const named = search('(?<n>\\d+)€', { isRegex: true });
    expect(replaceInTarget('Pague 40€.', named, '$$$<n> ($&)', true).after).toBe(
      'Pague $40 (40€).',
    );
    // $12 with one group is group 1 then "2"; $9 with no such group stays as typed.
    const one = search('(a)', { isRegex: true });
    expect(replaceInTarget('a', one, '$12 $9', true).after).toBe('a2 $9');
  });

  it('never touches an inline code: a hit across, around or inside one is skipped and counted', () => {
    const target = 'Pulse <g id="1">Guardar</g> y {0} guardar';
    expect(codeSpans(target)).toEqual([
      [6, 16],
      [23, 27],
      [30, 33],
    ]);
    // Inside a tag (the attribute), across its end, and a placeholder swallowed: three skipped.
    expect(replaceInTarget(target, search('id'), 'ID', false)).toMatchObject({ skipped: 1 });
    const across = replaceInTarget(target, search('">Guardar'), 'X', false);
    expect(across).toMatchObject({ after: target, replaced: 0, skipped: 1 });
    const swallowing = replaceInTarget(target, search('y \\{0\\}', { isRegex: true }), 'o', true);
    expect(swallowing).toMatchObject({ replaced: 0, skipped: 1 });
    // Text between the codes is fair game; the codes stay byte for byte.
    expect(replaceInTarget(target, search('guardar'), 'Grabar', false)).toMatchObject({
      after: 'Pulse <g id="1">Grabar</g> y {0} Grabar',
      replaced: 2,
      skipped: 0,
    });
  });

  it('treats a <ph> with its native content as one code', () => {
    const target = 'Línea <ph id="1">&lt;br&gt;</ph> nueva';
    expect(replaceInTarget(target, search('br'), 'x', false)).toMatchObject({
      replaced: 0,
      skipped: 1,
    });
  });

  it('leaves empty hits alone and steps over them', () => {
    const result = replaceInTarget('año', search('x*', { isRegex: true }), '-', true);
    expect(result).toMatchObject({ after: 'año', replaced: 0 });
    expect(replaceInTarget('😀a', search('a?', { isRegex: true }), 'b', true).after).toBe('😀b');
  });
});
