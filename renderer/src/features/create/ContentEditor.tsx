import { useState } from 'react';
import type { LiltCreateContent } from '../../../../shared/api/create';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useUpdateContent } from './mutations';
import { TranslateDialog } from './TranslateDialog';

interface ContentEditorProps {
  /** Mount it with `key={content.id}`: the draft starts from the saved text. */
  content: LiltCreateContent;
  isRunning: boolean;
  onRegenerate: (id: number) => void;
}

const STATUS_LABELS: Record<LiltCreateContent['status'], string> = {
  finished: 'finished',
  stopped: 'stopped before the end',
  failed: 'the engine broke off',
};

/** A saved content: edit its text and save it, generate it again, or translate it. */
export function ContentEditor({ content, isRunning, onRegenerate }: ContentEditorProps) {
  const [text, setText] = useState(content.text);
  const [name, setName] = useState(content.name ?? '');
  const [isTranslating, setIsTranslating] = useState(false);
  const update = useUpdateContent();
  const isChanged = text !== content.text || name !== (content.name ?? '');

  return (
    <section
      className="create-content"
      aria-labelledby="create-content-title"
      data-testid="create-content"
    >
      <h2 id="create-content-title">{content.name || `Content ${content.id}`}</h2>
      <p className="muted" data-testid="create-content-meta">
        {content.template} · {content.language} · {STATUS_LABELS[content.status]}
      </p>
      <div className="field">
        <label htmlFor="create-content-name">Name</label>
        <input
          id="create-content-name"
          type="text"
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="create-content-name"
        />
      </div>
      <div className="field">
        <label htmlFor="create-content-text">Text</label>
        <textarea
          id="create-content-text"
          rows={14}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="create-content-text"
        />
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!isChanged || update.isPending}
          onClick={() => update.mutate({ id: content.id, text, name })}
          data-testid="create-save"
        >
          {update.isPending ? 'Saving…' : isChanged ? 'Save' : 'Saved'}
        </button>
        <button
          type="button"
          className="button"
          disabled={isRunning || isChanged}
          title={isChanged ? 'Save or undo your edits first' : undefined}
          onClick={() => onRegenerate(content.id)}
          data-testid="create-regenerate"
        >
          Regenerate
        </button>
        <button
          type="button"
          className="button"
          disabled={isChanged || !content.text.trim()}
          title={isChanged ? 'Save your edits first' : undefined}
          onClick={() => setIsTranslating(true)}
          data-testid="create-translate"
        >
          Translate into…
        </button>
      </div>
      {update.error ? <ErrorMessage error={update.error} title="Could not save the text" /> : null}
      {isTranslating ? (
        <TranslateDialog content={content} onClose={() => setIsTranslating(false)} />
      ) : null}
    </section>
  );
}
