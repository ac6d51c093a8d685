// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { concordanceAsk } from './concordance-ask';

function selectIn(element: Element): Selection {
  const selection = window.getSelection()!;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

describe('concordanceAsk', () => {
  it('takes the selection of the target editor, as a target search', () => {
    const editor = document.createElement('textarea');
    editor.value = 'Abra el menú Archivo.';
    editor.setSelectionRange(8, 20);
    expect(concordanceAsk(editor, 'Open the File menu.', null)).toEqual({
      text: 'menú Archivo',
      side: 'target',
    });
  });

  it('takes a selection on the page, on the side it is on', () => {
    document.body.innerHTML =
      '<div class="segment-source"><span id="s"> File menu </span></div>' +
      '<div class="segment-target"><span id="t">Archivo</span></div>';
    const body = document.body;
    expect(concordanceAsk(body, 'x', selectIn(document.getElementById('s')!))).toEqual({
      text: 'File menu',
      side: 'source',
    });
    expect(concordanceAsk(body, 'x', selectIn(document.getElementById('t')!))).toEqual({
      text: 'Archivo',
      side: 'target',
    });
  });

  it("falls back on the active segment's source, and on nothing when it is blank", () => {
    const editor = document.createElement('textarea');
    editor.value = 'Hola';
    editor.setSelectionRange(2, 2);
    expect(concordanceAsk(editor, ' Open the file. ', null)).toEqual({
      text: 'Open the file.',
      side: 'source',
    });
    expect(concordanceAsk(null, '   ', null)).toBeNull();
    expect(concordanceAsk(null, 'a'.repeat(600), null)?.text).toHaveLength(500);
  });
});
