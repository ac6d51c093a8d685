import { useEffect, useRef } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import { typedDraft } from './drafts';
import { useEditorStore } from '../editor-store';

interface TargetEditorProps {
  segment: Segment;
  number: number;
  trglang: string;
}

/** The active segment's target: what is typed stays a draft until it is confirmed or left. */
export function TargetEditor({ segment, number, trglang }: TargetEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const draft = useEditorStore((state) => state.drafts[segment.id]);
  const focusRequest = useEditorStore((state) => state.targetFocusRequest);
  const value = draft?.text ?? segment.target;

  // The focus follows the active segment; a match inserted by a click brings it back here.
  useEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    // A search being typed makes its first hit active: the focus stays in the find bar.
    if (document.activeElement?.closest('[data-find-bar]')) return;
    textarea.focus({ preventScroll: true });
  }, [segment.id, focusRequest]);

  return (
    <textarea
      ref={ref}
      className="segment-editor"
      value={value}
      lang={trglang}
      rows={1}
      spellCheck
      aria-label={`Translation of segment ${number}`}
      aria-describedby="editor-keyboard-help"
      onChange={(event) =>
        useEditorStore.getState().setDraft(typedDraft(segment, draft, event.target.value))
      }
      data-testid="segment-editor"
    />
  );
}
