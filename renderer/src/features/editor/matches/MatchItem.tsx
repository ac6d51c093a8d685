import { useMemo } from 'react';
import type { Translation } from '../../../../../shared/api/translate';
import { DiffText } from '../../../components/DiffText';
import { ScoreChip } from '../../../components/ScoreChip';
import { scoreBand } from '../../../components/match-score';
import { TaggedText } from '../../../components/TaggedText';
import { diffWords } from '../../../components/word-diff';
import { epochIso, formatEpochDate, matchInfo } from '../../../components/tm-format';

interface MatchItemProps {
  match: Translation;
  /** 1-based: Ctrl+number (or Alt+number) inserts it. */
  number: number;
  source: string;
  srclang: string;
  trglang: string;
  onInsert: () => void;
}

/** One TM match: score, its source marked against the current source (for fuzzy ones), target, origin. */
export function MatchItem({ match, number, source, srclang, trglang, onInsert }: MatchItemProps) {
  const matchSource = match.source ?? '';
  const isFuzzy = match.score < 100 && matchSource !== '';
  const parts = useMemo(
    () => (isFuzzy ? diffWords(matchSource, source) : null),
    [isFuzzy, matchSource, source],
  );
  const info = matchInfo({ metadata: match.metadata ?? {} });
  const memoryName = match.metadata?.memory_name;
  return (
    <li
      className="editor-match"
      data-testid="tm-match-item"
      data-score={match.score}
      data-band={scoreBand(match.score)}
    >
      <ScoreChip score={match.score} />
      <div className="editor-match-body">
        {matchSource ? (
          <p className="editor-match-source" lang={srclang} data-testid="match-source">
            {parts ? <DiffText parts={parts} /> : <TaggedText text={matchSource} />}
          </p>
        ) : null}
        <p className="editor-match-target" lang={trglang} data-testid="match-target">
          <TaggedText text={match.target} />
        </p>
        <p className="editor-match-meta" data-testid="match-origin">
          {typeof memoryName === 'string' && memoryName ? <span>{memoryName}</span> : null}
          {info.origin ? <span title="Where the unit came from">{info.origin}</span> : null}
          {info.changedAt !== null ? (
            <time dateTime={epochIso(info.changedAt)}>{formatEpochDate(info.changedAt)}</time>
          ) : null}
        </p>
      </div>
      <button
        type="button"
        className="button button-small"
        onClick={onInsert}
        aria-label={`Insert match ${number} (Ctrl+${number} or Alt+${number})`}
        data-testid="match-insert"
      >
        Insert <kbd>{number}</kbd>
      </button>
    </li>
  );
}
