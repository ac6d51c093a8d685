import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent } from 'react';
import {
  MAX_CONCORDANCE_QUERY,
  type ConcordanceHit,
  type ConcordanceSide,
} from '../../../../../shared/api/concordance';
import { ConcordanceHits } from '../../../components/ConcordanceHits';
import { concordanceQueries } from '../../../queries/concordance';
import { useConcordanceStore } from './concordance-store';
import './concordance-panel.css';

const MAX_HITS = 20;

interface ConcordancePanelProps {
  memoryId: number;
  srclang: string;
  trglang: string;
}

const copyTarget = (hit: ConcordanceHit) => void navigator.clipboard?.writeText(hit.target);

/**
 * The editor's concordance (Ctrl+K): the units of the document's memory holding the selected
 * words, marked. It only shows; "Copy target" puts a unit's target on the clipboard. Esc closes
 * it and gives the focus back to where Ctrl+K was pressed.
 */
export function ConcordancePanel({ memoryId, srclang, trglang }: ConcordancePanelProps) {
  const ask = useConcordanceStore((state) => state.ask);
  const { setAsk, close } = useConcordanceStore.getState();
  // Another document (or view) closes the panel: its search belonged to this one.
  useEffect(() => () => useConcordanceStore.setState({ ask: null, opener: null }), []);
  const q = ask?.text.trim() ?? '';
  const result = useQuery({
    ...concordanceQueries.search(memoryId, { q, in: ask?.side ?? 'source', n: MAX_HITS }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  if (!ask) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  return (
    <section
      className="concordance-panel"
      aria-labelledby="concordance-title"
      onKeyDown={onKeyDown}
      data-testid="concordance-panel"
    >
      <div className="concordance-panel-header">
        <h2 id="concordance-title" className="editor-panel-title">
          Concordance
        </h2>
        <button
          type="button"
          className="concordance-close"
          onClick={close}
          aria-label="Close the concordance (Esc)"
          data-testid="concordance-close"
        >
          ×
        </button>
      </div>
      <div className="concordance-panel-form">
        <input
          type="search"
          aria-label="Word or phrase"
          value={ask.text}
          maxLength={MAX_CONCORDANCE_QUERY}
          // Opened by Ctrl+K to be read or refined: the focus goes to it.
          autoFocus
          spellCheck={false}
          onChange={(event) => setAsk({ ...ask, text: event.target.value })}
          data-testid="concordance-panel-input"
        />
        <select
          aria-label="Look in"
          value={ask.side}
          onChange={(event) => setAsk({ ...ask, side: event.target.value as ConcordanceSide })}
          data-testid="concordance-panel-side"
        >
          <option value="source">source</option>
          <option value="target">target</option>
          <option value="both">both</option>
        </select>
      </div>
      <ConcordanceHits
        query={q}
        result={result}
        srclang={srclang}
        trglang={trglang}
        onCopyTarget={copyTarget}
      />
    </section>
  );
}
