import { create } from 'zustand';
import type { Pretranslate } from '../../../../shared/api/documents';
import type { SegmentDraft } from './grid/drafts';
import type { QaWarning } from './qa/qa';

export type { SegmentDraft } from './grid/drafts';

/** A refused call (save, delete, download), shown above the editor until dismissed. */
export interface EditorAlert {
  title: string;
  error: unknown;
}

export interface UploadOptions {
  pretranslate: Pretranslate | 'none';
  autoAccept: boolean;
}

interface EditorStore {
  activeSegmentId: number | null;
  /** Targets typed and not saved yet, by segment (a failed save keeps its text here). */
  drafts: Record<number, SegmentDraft>;
  /** The QA warnings of each segment's last confirm in this session. */
  qaBySegment: Record<number, QaWarning[]>;
  /** The confirm just done, when it had warnings: shown until the next confirm. */
  lastQa: { segmentId: number; number: number; warnings: QaWarning[] } | null;
  alert: EditorAlert | null;
  /** A confirm refused before anything was sent (an empty target), until the segment changes. */
  refusal: { segmentId: number; message: string } | null;
  /** Bumped to give the focus back to the active target (a match inserted with the mouse). */
  targetFocusRequest: number;
  deleting: { id: number; name: string } | null;
  uploadOptions: UploadOptions;
  setActive: (segmentId: number | null) => void;
  setDraft: (draft: SegmentDraft) => void;
  /** Forgets a draft once saved, unless it was typed on since the save began. */
  clearDraft: (segmentId: number, savedText: string) => void;
  recordQa: (segmentId: number, number: number, warnings: QaWarning[]) => void;
  showAlert: (alert: EditorAlert) => void;
  refuse: (refusal: { segmentId: number; message: string }) => void;
  focusTarget: () => void;
  dismissAlert: () => void;
  askDelete: (document: { id: number; name: string } | null) => void;
  setUploadOptions: (patch: Partial<UploadOptions>) => void;
}

/** The editor's UI state only: which segment is active and what is being typed in it. */
export const useEditorStore = create<EditorStore>()((set) => ({
  activeSegmentId: null,
  drafts: {},
  qaBySegment: {},
  lastQa: null,
  alert: null,
  refusal: null,
  targetFocusRequest: 0,
  deleting: null,
  uploadOptions: { pretranslate: 'TM+MT', autoAccept: false },
  setActive: (activeSegmentId) => set({ activeSegmentId, refusal: null }),
  setDraft: (draft) =>
    set(({ drafts }) => ({ drafts: { ...drafts, [draft.segmentId]: draft }, refusal: null })),
  clearDraft: (segmentId, savedText) =>
    set(({ drafts }) => {
      if (drafts[segmentId]?.text !== savedText) return {};
      const rest = { ...drafts };
      delete rest[segmentId];
      return { drafts: rest };
    }),
  recordQa: (segmentId, number, warnings) =>
    set(({ qaBySegment }) => ({
      qaBySegment: { ...qaBySegment, [segmentId]: warnings },
      lastQa: warnings.length ? { segmentId, number, warnings } : null,
    })),
  showAlert: (alert) => set({ alert }),
  refuse: (refusal) => set({ refusal }),
  focusTarget: () =>
    set(({ targetFocusRequest }) => ({ targetFocusRequest: targetFocusRequest + 1 })),
  dismissAlert: () => set({ alert: null }),
  askDelete: (deleting) => set({ deleting }),
  setUploadOptions: (patch) =>
    set(({ uploadOptions }) => ({ uploadOptions: { ...uploadOptions, ...patch } })),
}));
