import { describe, expect, it } from 'vitest';
import { restoreInlineCodes } from './restore';

describe('restoreInlineCodes', () => {
  it('puts the current codes where the match had its own', () => {
    expect(
      restoreInlineCodes(
        'Click <g id="1">OK</g> to close.',
        'Haga clic en <g id="1">Aceptar</g> para cerrar.',
        'Click <g id="7">OK</g> to close.',
      ),
    ).toBe('Haga clic en <g id="7">Aceptar</g> para cerrar.');
  });

  it('follows the codes, not their place in the target (reordered in translation)', () => {
    expect(
      restoreInlineCodes(
        'Press <x id="1"/> then <x id="2"/>.',
        'Pulse <x id="2"/> después de <x id="1"/>.',
        'Press <x id="5"/> then <x id="6"/>.',
      ),
    ).toBe('Pulse <x id="6"/> después de <x id="5"/>.');
  });

  it('swaps placeholders that the current source swapped', () => {
    expect(restoreInlineCodes('Copy {0} to {1}.', 'Copiar {0} en {1}.', 'Copy {1} to {0}.')).toBe(
      'Copiar {1} en {0}.',
    );
    expect(restoreInlineCodes('Delete %s files', 'Eliminar %s archivos', 'Delete %d files')).toBe(
      'Eliminar %d archivos',
    );
  });

  it('leaves codes without a partner in the current source as they are', () => {
    expect(
      restoreInlineCodes(
        'A <x id="1"/> b <x id="2"/>',
        'A <x id="1"/> b <x id="2"/>',
        'A b <x id="9"/>',
      ),
    ).toBe('A <x id="1"/> b <x id="9"/>');
    // A code only in the target is kept.
    expect(restoreInlineCodes('Save', 'Guardar <x id="3"/>', 'Save')).toBe('Guardar <x id="3"/>');
  });

  it('handles repeated codes occurrence by occurrence', () => {
    expect(
      restoreInlineCodes(
        '<g id="1">a</g> and <g id="1">b</g>',
        '<g id="1">a</g> y <g id="1">b</g>',
        '<g id="1">a</g> and <g id="2">b</g>',
      ),
    ).toBe('<g id="1">a</g> y <g id="2">b</g>');
  });

  it('replaces numbers that changed, when unambiguous', () => {
    expect(restoreInlineCodes('Page 5 of 10', 'Página 5 de 10', 'Page 6 of 10')).toBe(
      'Página 6 de 10',
    );
    // At once, so 1 -> 2 and 2 -> 3 do not chain.
    expect(restoreInlineCodes('From 1 to 2', 'De 1 a 2', 'From 2 to 3')).toBe('De 2 a 3');
    // The target writes the number differently: left alone.
    expect(restoreInlineCodes('Set 1.5 cm', 'Establezca 1,5 cm', 'Set 2.5 cm')).toBe(
      'Establezca 1,5 cm',
    );
    // The same value becoming two different values is ambiguous.
    expect(restoreInlineCodes('5 and 5', '5 y 5', '6 and 7')).toBe('5 y 5');
    // The value occurs more often in the target than in the source.
    expect(restoreInlineCodes('Use 3 cells', 'Use 3 celdas (3 en total)', 'Use 4 cells')).toBe(
      'Use 3 celdas (3 en total)',
    );
  });

  it('returns the target unchanged when nothing differs', () => {
    const target = 'Abra <g id="1">el</g> archivo 2.';
    expect(
      restoreInlineCodes('Open <g id="1">the</g> file 2.', target, 'Open <g id="1">a</g> file 2.'),
    ).toBe(target);
  });
});
