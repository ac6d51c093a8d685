import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text';

describe('extractText drops placeholders as the shared scanner reads them', () => {
  it('drops printf, brace and template placeholders, also inside a tag', () => {
    expect(extractText('a.txt', 'Hola %s, tienes %1$d mensajes de {user}')).toBe(
      'Hola , tienes mensajes de',
    );
    expect(extractText('a.txt', 'Pulse {{ boton }} o ${accion} o %{nombre} o %(name)s')).toBe(
      'Pulse o o o',
    );
    expect(extractText('a.json', '{"k": "<a href=\\"{url}\\">Ver</a>"}')).toBe(
      '<a href=" ">Ver</a>',
    );
  });

  it('keeps words that only look like a placeholder', () => {
    // The old pattern read `% d` (a space flag) and the `%s` of `%success` as placeholders.
    expect(extractText('a.txt', '50% done, %success, %PRODUCTNAME')).toBe(
      '% done, %success, %PRODUCTNAME',
    );
    expect(extractText('a.txt', 'Un { texto } normal')).toBe('Un { texto } normal');
  });
});
