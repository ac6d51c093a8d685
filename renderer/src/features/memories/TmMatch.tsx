import { useMemo } from 'react';
import type { Memory } from '../../../../shared/api/memories';
import type { TranslationMemoryEntry } from '../../../../shared/api/tm';
import { TrashIcon } from '../../components/icons';
import { DiffText } from '../../components/DiffText';
import { ScoreChip } from '../../components/ScoreChip';
import { TaggedText } from '../../components/TaggedText';
import { scoreBand } from '../../components/match-score';
import { diffWords } from '../../components/word-diff';
import { epochIso, formatEpochDate, matchInfo } from '../../components/tm-format';
import { useMemoriesStore } from './memories-store';

interface TmMatchProps {
  entry: TranslationMemoryEntry;
  query: string;
  memory: Memory;
}

/** One match: its score, its source marked against the query, its target, and where it came from. */
export function TmMatch({ entry, query, memory }: TmMatchProps) {
  const parts = useMemo(() => diffWords(entry.source, query), [entry.source, query]);
  const band = scoreBand(entry.score);
  const info = matchInfo(entry);
  const openDialog = useMemoriesStore((state) => state.openDialog);
  return (
    <li
      className="tm-match"
      data-testid="tm-match"
      data-band={band}
      data-score={entry.score}
      data-segment-id={info.segmentId ?? undefined}
    >
      <ScoreChip score={entry.score} />
      <div className="tm-match-body">
        <p className="tm-match-source" lang={memory.srclang} data-testid="tm-match-source">
          <DiffText parts={parts} />
        </p>
        <p className="tm-match-target" lang={memory.trglang} data-testid="tm-match-target">
          <TaggedText text={entry.target} />
        </p>
        <p className="tm-match-meta" data-testid="tm-match-meta">
          {info.origin ? <span title="Where the unit came from">{info.origin}</span> : null}
          {info.changedAt !== null ? (
            <time dateTime={epochIso(info.changedAt)}>{formatEpochDate(info.changedAt)}</time>
          ) : null}
          {info.key ? <span title="Context key">{info.key}</span> : null}
        </p>
      </div>
      {info.segmentId !== null ? (
        <button
          type="button"
          className="memories-icon-button memories-icon-button-danger"
          onClick={() =>
            openDialog({
              kind: 'delete-unit',
              memoryId: memory.id,
              segmentId: info.segmentId ?? 0,
              source: entry.source,
            })
          }
          aria-label={`Delete the unit “${entry.source}”`}
          title="Delete this unit"
          data-testid="tm-match-delete"
        >
          <TrashIcon />
        </button>
      ) : null}
    </li>
  );
}
