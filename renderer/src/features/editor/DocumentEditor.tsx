import { useQuery } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent } from 'react';
import type { DocumentWithSegments } from '../../../../shared/api/documents';
import { MAX_TRANSLATE_SOURCE } from '../../../../shared/api/translate';
import { useCommentStore } from './comment-store';
import { CommentsBar } from './CommentsBar';
import { CommentThread } from './CommentThread';
import { DeleteCommentDialog } from './DeleteCommentDialog';
import { DocumentProgressBar } from './DocumentProgressBar';
import { EditorKeyboardHelp } from './EditorKeyboardHelp';
import { useEditorStore } from './editor-store';
import { autoFillMatch } from './matches';
import { MatchPanel } from './MatchPanel';
import { QaNotice } from './QaNotice';
import { editorQueries } from './queries';
import { SegmentGrid } from './SegmentGrid';
import { TermHits } from './TermHits';
import { useDocumentComments } from './use-document-comments';
import { useSegmentActions } from './use-segment-actions';
import './comments.css';

const NO_HIGHLIGHTS: readonly (readonly [number, number])[] = [];

/**
 * One open document: its segments on the left; the active segment's matches, terms and comment
 * thread beside.
 */
export function DocumentEditor({ document }: { document: DocumentWithSegments }) {
  const actions = useSegmentActions(document);
  const { active, activeIndex } = actions;
  const comments = useDocumentComments(document, actions);
  const deletingComment = useCommentStore((state) => state.deleting);
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
    else if ((event.altKey || isCtrl) && event.key === 'ArrowDown') comments.move(1);
    else if ((event.altKey || isCtrl) && event.key === 'ArrowUp') comments.move(-1);
    // Ctrl+Alt+M (Word's "new comment"); AltGr is Ctrl+Alt on Windows and types characters.
    else if (
      isCtrl &&
      event.altKey &&
      event.code === 'KeyM' &&
      !event.getModifierState('AltGraph')
    ) {
      comments.commentOnSelection(event.target);
    } else if (isCtrl && !event.altKey && /^Digit[1-9]$/.test(event.code)) {
      actions.insertMatch(Number(event.code.slice(5)) - 1);
    } else if (isCtrl && event.shiftKey && event.key.toLowerCase() === 's' && active) {
      useEditorStore
        .getState()
        .setDraft({ segmentId: active.id, text: active.source, matchScore: null });
    } else return;
    event.preventDefault();
  };

  return (
    <>
      <div
        className="editor-document"
        onKeyDown={onKeyDown}
        data-testid="editor-document"
        data-document-id={document.id}
      >
        <div className="editor-main">
          <div className="editor-document-header">
            <DocumentProgressBar document={document} />
            <CommentsBar result={comments.result} unresolvedThreads={comments.unresolvedThreads} />
          </div>
          {document.segments.length === 0 ? (
            <p className="muted" data-testid="editor-no-segments">
              This document has no text to translate.
            </p>
          ) : comments.shown.length === 0 ? (
            <div className="editor-filter-empty" data-testid="segment-grid-filter-empty">
              <p>No segment has an unresolved comment.</p>
              <button
                type="button"
                className="button button-small"
                onClick={() => useCommentStore.getState().setUnresolvedOnly(false)}
              >
                Show all segments
              </button>
            </div>
          ) : (
            <SegmentGrid
              segments={document.segments}
              shown={comments.shown}
              activeIndex={activeIndex}
              srclang={document.srclang}
              trglang={document.trglang}
              highlights={highlights}
              comments={comments.result.data}
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
              <CommentThread
                key={active.id}
                result={comments.result}
                documentId={document.id}
                segmentId={active.id}
                number={activeIndex + 1}
              />
            </>
          ) : null}
          <EditorKeyboardHelp />
        </aside>
      </div>
      {/* Outside the editor, so the editor's shortcuts do not act behind the dialog. */}
      {deletingComment?.documentId === document.id ? (
        <DeleteCommentDialog
          key={deletingComment.id}
          id={deletingComment.id}
          documentId={deletingComment.documentId}
        />
      ) : null}
    </>
  );
}
