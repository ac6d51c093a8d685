interface SegmentLoadingNoteProps {
  loaded: number;
  total: number;
  /** A search or filter is on: it has looked at the loaded segments only. */
  isSearching: boolean;
}

/** While a long document's segments are still arriving, how many there are so far. */
export function SegmentLoadingNote({ loaded, total, isSearching }: SegmentLoadingNoteProps) {
  if (loaded >= total) return null;
  const counts = `${loaded.toLocaleString()} of ${total.toLocaleString()}`;
  return (
    <p className="muted" role="status" data-testid="editor-loading-note">
      {isSearching
        ? `Searching ${counts} segments loaded so far; the rest are loading.`
        : `Loading segments: ${counts}.`}
    </p>
  );
}
