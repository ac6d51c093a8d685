import { create } from 'zustand';

/** The reply being written on a segment's thread, with the part of the segment it quotes. */
export interface ReplyDraft {
  text: string;
  quote: string | null;
}

interface CommentStore {
  /** Replies typed and not sent yet, by segment (a failed send keeps its text here). */
  replies: Record<number, ReplyDraft>;
  /** The comment whose text is being edited in place. */
  editingId: number | null;
  /** The comment waiting for "Delete?" to be answered. */
  deleting: { id: number; documentId: number } | null;
  /** The grid shows only segments with an unresolved comment. */
  isUnresolvedOnly: boolean;
  /** Bumped to move the focus to the reply box (the "Comment" button, Ctrl+Alt+M). */
  replyFocusRequest: number;
  setReply: (segmentId: number, patch: Partial<ReplyDraft>) => void;
  /** Forgets a reply once sent. */
  clearReply: (segmentId: number) => void;
  /** Quotes a part of the segment in its reply box and sends the focus there. */
  quote: (segmentId: number, text: string | null) => void;
  setEditing: (commentId: number | null) => void;
  askDelete: (comment: { id: number; documentId: number } | null) => void;
  setUnresolvedOnly: (isUnresolvedOnly: boolean) => void;
}

const EMPTY_REPLY: ReplyDraft = { text: '', quote: null };

/** The comment threads' UI state only; the comments themselves live in the query cache. */
export const useCommentStore = create<CommentStore>()((set) => ({
  replies: {},
  editingId: null,
  deleting: null,
  isUnresolvedOnly: false,
  replyFocusRequest: 0,
  setReply: (segmentId, patch) =>
    set(({ replies }) => ({
      replies: { ...replies, [segmentId]: { ...(replies[segmentId] ?? EMPTY_REPLY), ...patch } },
    })),
  clearReply: (segmentId) =>
    set(({ replies }) => {
      const rest = { ...replies };
      delete rest[segmentId];
      return { replies: rest };
    }),
  quote: (segmentId, text) =>
    set(({ replies, replyFocusRequest }) => ({
      replies: {
        ...replies,
        [segmentId]: {
          ...(replies[segmentId] ?? EMPTY_REPLY),
          ...(text ? { quote: text } : {}),
        },
      },
      replyFocusRequest: replyFocusRequest + 1,
    })),
  setEditing: (editingId) => set({ editingId }),
  askDelete: (deleting) => set({ deleting }),
  setUnresolvedOnly: (isUnresolvedOnly) => set({ isUnresolvedOnly }),
}));
