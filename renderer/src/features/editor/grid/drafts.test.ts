import { describe, expect, it } from 'vitest';
import { draftMatchScore, typedDraft } from './drafts';

describe('drafts and the match they came from', () => {
  it('keeps the inserted match score only while the text is the match', () => {
    const inserted = { text: 'Hola.', score: 92 };
    expect(draftMatchScore({ text: 'Hola.', inserted })).toBe(92);
    expect(draftMatchScore({ text: 'Hola a todos.', inserted })).toBeNull();
    expect(draftMatchScore({ text: 'Hola.', inserted: null })).toBeNull();
  });

  it('typing over a pretranslated target drops its score; typing it back restores it', () => {
    const segment = { id: 7, target: 'Hola.', match_score: 92 };
    const typed = typedDraft(segment, undefined, 'Hola!');
    expect(typed).toEqual({ segmentId: 7, text: 'Hola!', inserted: { text: 'Hola.', score: 92 } });
    expect(draftMatchScore(typed)).toBeNull();
    expect(draftMatchScore(typedDraft(segment, typed, 'Hola.'))).toBe(92);
  });

  it('typing over an inserted match keeps that match, not the saved one', () => {
    const segment = { id: 7, target: 'Viejo.', match_score: 80 };
    const draft = { segmentId: 7, text: 'Nuevo.', inserted: { text: 'Nuevo.', score: 100 } };
    const typed = typedDraft(segment, draft, 'Nuevo, sí.');
    expect(draftMatchScore(typed)).toBeNull();
    expect(typed.inserted).toEqual({ text: 'Nuevo.', score: 100 });
    expect(typedDraft({ id: 7, target: '', match_score: null }, undefined, 'a').inserted).toBe(
      null,
    );
  });
});
