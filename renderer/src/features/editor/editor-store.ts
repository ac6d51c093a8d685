import { create } from 'zustand';
import type { Pretranslate } from '../../../../shared/api/documents';
import type { QaWarning } from './qa';

/** The target being typed in the active segment, until it is saved. */
export interface SegmentDraft {
  segmentId: number;
  text: string;
  /** The score of the match inserted last (sent as `match_score`); null once typed over freely. */
  matchScore: number | null;
}

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
  deleting: { id: number; name: string } | null;
  uploadOptions: UploadOptions;
  setActive: (segmentId: number | null) => void;
  setDraft: (draft: SegmentDraft) => void;
  /** Forgets a draft once saved, unless it was typed on since the save began. */
  clearDraft: (segmentId: number, savedText: string) => void;
  recordQa: (segmentId: number, number: number, warnings: QaWarning[]) => void;
  showAlert: (alert: EditorAlert) => void;
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
  deleting: null,
  uploadOptions: { pretranslate: 'TM+MT', autoAccept: false },
  setActive: (activeSegmentId) => set({ activeSegmentId }),
  setDraft: (draft) => set(({ drafts }) => ({ drafts: { ...drafts, [draft.segmentId]: draft } })),
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
  dismissAlert: () => set({ alert: null }),
  askDelete: (deleting) => set({ deleting }),
  setUploadOptions: (patch) =>
    set(({ uploadOptions }) => ({ uploadOptions: { ...uploadOptions, ...patch } })),
}));
