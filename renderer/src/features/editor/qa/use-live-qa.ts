import { useMemo } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import { checkSegment, type QaLanguages, type QaWarning } from './qa';
import { useSettled } from './use-settled';

/** How long typing must pause before the active segment (or the open report) is checked again. */
export const LIVE_QA_DELAY_MS = 150;

/**
 * The active segment's warnings as the translator types: the text is checked once typing pauses
 * for LIVE_QA_DELAY_MS. Nothing is said about an empty target.
 */
export function useLiveQa(segment: Segment, text: string, languages: QaLanguages): QaWarning[] {
  const checkedText = useSettled(text, LIVE_QA_DELAY_MS);
  const { source: srclang, target: trglang } = languages;
  return useMemo(
    () =>
      checkedText.trim() === ''
        ? []
        : checkSegment(segment.source, checkedText, { source: srclang, target: trglang }),
    [segment.source, checkedText, srclang, trglang],
  );
}
