import { describe, expect, it } from 'vitest';
import type { QaIgnore } from '../../../../../shared/api/qa';
import type { Segment } from '../../../../../shared/api/segments';
import { indexIgnores, NO_IGNORES, shownWarnings } from './ignores';
import { buildQaReport } from './qa-report';

const languages = { source: 'en', target: 'es' };

function segment(id: number, source: string, target: string, isConfirmed = true): Segment {
  return {
    id,
    created_at: 0,
    updated_at: 0,
    document_id: 1,
    memory_id: 1,
    source,
    srclang: 'en',
    target,
    trglang: 'es',
    is_confirmed: isConfirmed,
    is_reviewed: false,
    index: id - 1,
    match_score: null,
    target_origin: null,
    note: null,
    context_key: null,
    memory_unit_id: null,
    word_count: 1,
    revision: 1,
    updated_by: null,
  };
}

const ignoreOf = (segmentId: number, check: QaIgnore['check'], target: string): QaIgnore => ({
  id: segmentId,
  document_id: 1,
  segment_id: segmentId,
  check,
  target,
  user_name: 'Ana',
  created_at: 0,
});

const segments = [
  segment(1, 'Pay 1,000 euros.', 'Pague 1.000 euros.'),
  segment(2, 'The flat has 3 bedrooms.', 'El piso tiene 4 dormitorios.'),
  segment(3, 'Open the file.', 'Abra el archivo'),
  segment(4, 'Not translated yet.', '', false),
  segment(5, 'Rooms: 2.', 'Habitaciones: 3.'),
];

describe('the QA report', () => {
  it('groups every warning by check, in segment order, leaving untranslated segments out', () => {
    const report = buildQaReport(segments, languages, {}, NO_IGNORES);
    expect(report.groups.map((g) => [g.check, g.items.map((i) => i.index + 1)])).toEqual([
      ['number-missing', [2, 5]],
      ['number-extra', [2, 5]],
      ['ending', [3]],
    ]);
    expect(report.shown).toBe(5);
    expect(report.ignored).toBe(0);
  });

  it('checks a draft instead of the saved target', () => {
    const report = buildQaReport(
      segments,
      languages,
      { 3: { text: 'Abra el archivo.' } },
      NO_IGNORES,
    );
    expect(report.groups.map((g) => g.check)).toEqual(['number-missing', 'number-extra']);
  });

  it('marks ignored warnings, only while the target is the one they were ignored on', () => {
    const ignores = indexIgnores([ignoreOf(2, 'number-missing', 'El piso tiene 4 dormitorios.')]);
    const report = buildQaReport(segments, languages, {}, ignores);
    const missing = report.groups.find((g) => g.check === 'number-missing')!;
    expect(missing.items.map((i) => i.isIgnored)).toEqual([true, false]);
    expect([report.shown, report.ignored]).toEqual([4, 1]);

    const changed = buildQaReport(
      segments,
      languages,
      { 2: { text: 'Tiene 5 dormitorios.' } },
      ignores,
    );
    expect(changed.ignored).toBe(0);
  });

  it('keeps the warnings of a segment object it checked before', () => {
    const first = buildQaReport(segments, languages, {}, NO_IGNORES);
    const again = buildQaReport(segments, languages, {}, NO_IGNORES);
    expect(again.groups[0]!.items[0]!.warning).toBe(first.groups[0]!.items[0]!.warning);
  });
});

describe('ignores', () => {
  it('hide a warning of the segment and check while the target is unchanged', () => {
    const index = indexIgnores([ignoreOf(7, 'ending', 'Hola')]);
    const warnings = [
      { code: 'ending' as const, message: 'ends' },
      { code: 'double-space' as const, message: 'spaces' },
    ];
    expect(shownWarnings(index, 7, warnings, 'Hola').map((w) => w.code)).toEqual(['double-space']);
    expect(shownWarnings(index, 7, warnings, 'Hola!')).toHaveLength(2);
    expect(shownWarnings(index, 8, warnings, 'Hola')).toHaveLength(2);
  });
});
