import { useQuery } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent } from 'react';
import { MAX_TRANSLATE_SOURCE } from '../../../../shared/api/translate';
import { useCommentStore } from './comments/comment-store';
import { CommentsBar } from './comments/CommentsBar';
import { CommentThread } from './comments/CommentThread';
import { DeleteCommentDialog } from './comments/DeleteCommentDialog';
import { concordanceAsk } from './concordance/concordance-ask';
import { ConcordancePanel } from './concordance/ConcordancePanel';
import { useConcordanceStore } from './concordance/concordance-store';
import { DocumentProgressBar } from './documents/DocumentProgressBar';
import { editorShortcut, isShortcutSource } from './grid/editor-shortcuts';
import { EditorKeyboardHelp } from './EditorKeyboardHelp';
import { useEditorStore } from './editor-store';
import { FilterEmpty } from './comments/FilterEmpty';
import { FindBar } from './find/FindBar';
import { FindEmpty } from './find/FindEmpty';
import type { PagedDocument } from './loading/document-pages';
import { SegmentLoadingNote } from './loading/SegmentLoadingNote';
import { useAfterFirstPaint } from './loading/use-after-first-paint';
import { useSegmentPages } from './loading/use-segment-pages';
import { useFindStore } from './find/find-store';
import { useFindKeys } from './find/use-find-keys';
import { useSegmentFind } from './find/use-segment-find';
import { useShownSegments } from './find/use-shown-segments';
import { autoFillMatch } from './matches/matches';
import { MatchPanel } from './matches/MatchPanel';
import { QaNotice } from './qa/QaNotice';
import { QaReportButton } from './qa/QaReportButton';
import { QaReportPanel } from './qa/QaReportPanel';
import { ReviewToolbar } from './review/ReviewToolbar';
import { useReviewActions } from './review/use-review-actions';
import { useReviewMode } from './review/use-review-mode';
import { useQaReportStore } from './qa/qa-report-store';
import { editorQueries } from './queries';
import { SegmentGrid } from './grid/SegmentGrid';
import { TermHits } from './matches/TermHits';
import { useDocumentComments } from './comments/use-document-comments';
import { useDraftAutosave } from './grid/use-draft-autosave';
import { useSegmentActions } from './grid/use-segment-actions';
import './comments/comments.css';

const NO_HIGHLIGHTS: readonly (readonly [number, number])[] = [];

/**
 * One open document: its segments on the left; the active segment's matches, terms and comment
 * thread beside.
 */
export function DocumentEditor({ document }: { document: PagedDocument }) {
  // What the first frame does not show is asked for once it is painted.
  const isPainted = useAfterFirstPaint();
  const pages = useSegmentPages(document, isPainted);
  const actions = useSegmentActions(document);
  const { active, activeIndex } = actions;
  const comments = useDocumentComments(document, actions, isPainted);
  const find = useSegmentFind(document, comments.result.data, comments.unresolvedOnly);
  const shown = useShownSegments(document.segments, actions, find.passes, find.filterKey);
  const review = useReviewMode(document, isPainted, pages.loaded >= pages.total);
  const reviewActions = useReviewActions(document, actions);
  const shownIfFiltering = shown.isFiltering ? shown.shown : undefined;
  useDraftAutosave(document.id, active?.id ?? null);
  const findKeys = useFindKeys(document.id);
  const deletingComment = useCommentStore((state) => state.deleting);
  const isQaReportOpen = useQaReportStore((state) => state.isOpen);
  const source = active?.source ?? '';
  const canLookUp = source.trim() !== '' && source.length <= MAX_TRANSLATE_SOURCE;
  const isLookingUp = canLookUp && !!active && isPainted;
  const lookup = { memoryId: document.memory_id, segmentId: active?.id ?? 0, source };
  const matches = useQuery({ ...editorQueries.translate(lookup), enabled: isLookingUp });
  const terms = useQuery({
    ...editorQueries.termHits(document.memory_id, source),
    enabled: isLookingUp,
  });
  const highlights = terms.data?.flatMap((hit) => hit.ranges) ?? NO_HIGHLIGHTS;

  // An exact match fills an empty target as soon as the segment is active (nothing typed yet).
  const exact = autoFillMatch(matches.data);
  useEffect(() => {
    if (!active || !exact || active.target !== '') return;
    const { drafts, setDraft } = useEditorStore.getState();
    if (drafts[active.id]) return;
    const score = Math.min(101, exact.score);
    setDraft({ segmentId: active.id, text: exact.target, inserted: { text: exact.target, score } });
  }, [active, exact]);

  // Go-to reaches a segment the filters hide by turning them off.
  const goToShowing = (index: number) => {
    if (find.passes && find.passes[index] !== true) {
      useFindStore.getState().clear();
      useCommentStore.getState().setUnresolvedOnly(false);
    }
    actions.goTo(index);
  };

  // Ctrl+K: the selected words, else the active source, looked up in the document's memory.
  const openConcordance = (target: EventTarget) => {
    const ask = concordanceAsk(target, source, window.getSelection());
    const opener = target instanceof HTMLElement ? target : null;
    if (ask) useConcordanceStore.getState().open(ask, opener);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const shortcut = editorShortcut(event);
    if (shortcut?.kind === 'qa-report') {
      event.preventDefault();
      useQaReportStore.getState().toggle();
      return;
    }
    // Find, go-to and replace work from any field of the editor, the find bar's own included.
    if (findKeys(shortcut)) {
      event.preventDefault();
      return;
    }
    // In a comment box (or any other text field) the keys type or send there, never here.
    if (!shortcut || !isShortcutSource(event.target)) return;
    event.preventDefault();
    if (shortcut.kind === 'confirm') {
      if (review.isOn) reviewActions.review(shownIfFiltering);
      else actions.confirm(shownIfFiltering);
    } else if (shortcut.kind === 'take-back-review') reviewActions.takeBack();
    else if (shortcut.kind === 'move') shown.move(shortcut.step);
    else if (shortcut.kind === 'comment') comments.commentOnSelection(event.target);
    else if (shortcut.kind === 'insert') actions.insertMatch(shortcut.index);
    else if (shortcut.kind === 'concordance') openConcordance(event.target);
    else if (active) {
      useEditorStore
        .getState()
        .setDraft({ segmentId: active.id, text: active.source, inserted: null });
    }
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
            <DocumentProgressBar document={document} isReviewing={review.isOn} />
            <CommentsBar result={comments.result} unresolvedThreads={comments.unresolvedThreads} />
            <QaReportButton />
            <ReviewToolbar
              mode={review}
              actions={reviewActions}
              active={active}
              shown={shownIfFiltering}
            />
            <SegmentLoadingNote {...pages} isSearching={shown.isFiltering} />
          </div>
          {document.segments.length > 0 ? (
            <FindBar
              segments={document.segments}
              passing={shown.isFiltering ? shown.passing : null}
              invalidSearch={find.invalidSearch}
              onGoTo={goToShowing}
              replace={{
                documentId: document.id,
                segments: document.segments,
                shown: shown.shown,
                activeIndex,
                goTo: actions.goTo,
                unloaded: pages.total - pages.loaded,
              }}
            />
          ) : null}
          {document.segments.length === 0 ? (
            <p className="muted" data-testid="editor-no-segments">
              This document has no text to translate.
            </p>
          ) : shown.shown.length === 0 ? (
            find.isFindOn ? (
              <FindEmpty />
            ) : (
              <FilterEmpty />
            )
          ) : (
            <SegmentGrid
              segments={document.segments}
              shown={shown.shown}
              activeIndex={activeIndex}
              srclang={document.srclang}
              trglang={document.trglang}
              highlights={highlights}
              comments={comments.result.data}
              onActivate={actions.goTo}
              hits={find.hits}
              pending={shown.isFiltering ? 0 : pages.total - pages.loaded}
            />
          )}
        </div>
        <aside className="editor-panel" aria-label="Active segment">
          {isQaReportOpen ? <QaReportPanel document={document} onGoTo={goToShowing} /> : null}
          <QaNotice />
          <ConcordancePanel
            memoryId={document.memory_id}
            srclang={document.srclang}
            trglang={document.trglang}
          />
          {active ? (
            <>
              <p className="editor-panel-heading" data-testid="editor-active-number">
                Segment {activeIndex + 1} of {pages.total.toLocaleString()}
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
