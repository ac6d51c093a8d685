import { useQuery } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent } from 'react';
import type { DocumentWithSegments } from '../../../../shared/api/documents';
import { MAX_TRANSLATE_SOURCE } from '../../../../shared/api/translate';
import { DocumentProgressBar } from './DocumentProgressBar';
import { EditorKeyboardHelp } from './EditorKeyboardHelp';
import { useEditorStore } from './editor-store';
import { autoFillMatch } from './matches';
import { MatchPanel } from './MatchPanel';
import { QaNotice } from './QaNotice';
import { editorQueries } from './queries';
import { SegmentGrid } from './SegmentGrid';
import { TermHits } from './TermHits';
import { useSegmentActions } from './use-segment-actions';

const NO_HIGHLIGHTS: readonly (readonly [number, number])[] = [];

/** One open document: its segments on the left, the active segment's matches and terms beside. */
export function DocumentEditor({ document }: { document: DocumentWithSegments }) {
  const actions = useSegmentActions(document);
  const { active, activeIndex } = actions;
  const source = active?.source ?? '';
  const canLookUp = source.trim() !== '' && source.length <= MAX_TRANSLATE_SOURCE;
  const lookup = { memoryId: document.memory_id, segmentId: active?.id ?? 0, source };
  const matches = useQuery({ ...editorQueries.translate(lookup), enabled: canLookUp && !!active });
  const terms = useQuery({
    ...editorQueries.termHits(document.memory_id, source),
    enabled: canLookUp && !!active,
  });
  const highlights = terms.data?.flatMap((hit) => hit.ranges) ?? NO_HIGHLIGHTS;

  // An exact match fills an empty target as soon as the segment is active (nothing typed yet).
  const exact = autoFillMatch(matches.data);
  useEffect(() => {
    if (!active || !exact || active.target !== '') return;
    const { drafts, setDraft } = useEditorStore.getState();
    if (drafts[active.id]) return;
    setDraft({ segmentId: active.id, text: exact.target, matchScore: Math.min(101, exact.score) });
  }, [active, exact]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const isCtrl = event.ctrlKey || event.metaKey;
    if (isCtrl && event.key === 'Enter') actions.confirm();
    else if ((event.altKey || isCtrl) && event.key === 'ArrowDown') actions.move(1);
    else if ((event.altKey || isCtrl) && event.key === 'ArrowUp') actions.move(-1);
    else if (isCtrl && !event.altKey && /^Digit[1-9]$/.test(event.code)) {
      actions.insertMatch(Number(event.code.slice(5)) - 1);
    } else if (isCtrl && event.shiftKey && event.key.toLowerCase() === 's' && active) {
      useEditorStore
        .getState()
        .setDraft({ segmentId: active.id, text: active.source, matchScore: null });
    } else return;
    event.preventDefault();
  };

  return (
    <div
      className="editor-document"
      onKeyDown={onKeyDown}
      data-testid="editor-document"
      data-document-id={document.id}
    >
      <div className="editor-main">
        <DocumentProgressBar document={document} />
        {document.segments.length === 0 ? (
          <p className="muted" data-testid="editor-no-segments">
            This document has no text to translate.
          </p>
        ) : (
          <SegmentGrid
            segments={document.segments}
            activeIndex={activeIndex}
            srclang={document.srclang}
            trglang={document.trglang}
            highlights={highlights}
            onActivate={actions.goTo}
          />
        )}
      </div>
      <aside className="editor-panel" aria-label="Active segment">
        <QaNotice />
        {active ? (
          <>
            <p className="editor-panel-heading" data-testid="editor-active-number">
              Segment {activeIndex + 1} of {document.segments.length.toLocaleString()}
            </p>
            {active.note ? (
              <p className="editor-note" data-testid="editor-note">
                {active.note}
              </p>
            ) : null}
            {canLookUp ? (
              <>
                <MatchPanel
                  result={matches}
                  source={source}
                  srclang={document.srclang}
                  trglang={document.trglang}
                  onInsert={actions.insertMatch}
                />
                <TermHits result={terms} />
              </>
            ) : (
              <p className="muted">
                This segment is too long to look up (over {MAX_TRANSLATE_SOURCE} characters).
              </p>
            )}
          </>
        ) : null}
        <EditorKeyboardHelp />
      </aside>
    </div>
  );
}
