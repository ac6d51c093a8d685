import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DEFAULT_FILE_TM_THRESHOLD } from '../../../../shared/api/file-translation';
import { ErrorMessage } from '../../components/ErrorMessage';
import { MemorySelect } from '../../components/MemorySelect';
import { ModalDialog } from '../../components/ModalDialog';
import { memoryQueries } from '../../queries/memories';
import { useStartTranslations } from '../../queries/translation-mutations';
import { readTranslateForm, type TranslateFormErrors } from './translate-form';
import { useTranslateStore } from './translate-store';

const TRANSLATIONS_HREF = '#/translations';

/** Translate…: the chosen files with a memory (its language pair), TM or MT alone. */
export function TranslateDialog() {
  const selectedIds = useTranslateStore((state) => state.selectedIds);
  const { closeDialog, clear } = useTranslateStore.getState();
  const memories = useQuery(memoryQueries.list());
  const [memoryId, setMemoryId] = useState<number | undefined>(undefined);
  const [withTM, setWithTM] = useState(true);
  const [minScore, setMinScore] = useState('');
  const [errors, setErrors] = useState<TranslateFormErrors>({});
  const chosenMemory = memoryId ?? memories.data?.[0]?.id;
  const start = useStartTranslations({
    onSuccess: () => {
      clear();
      closeDialog();
      window.location.hash = TRANSLATIONS_HREF;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = readTranslateForm({ memoryId: chosenMemory, withTM, minScore }, selectedIds);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    start.mutate(result.input);
  };
  const count = selectedIds.length;

  return (
    <ModalDialog
      labelledBy="translate-title"
      testId="translate-dialog"
      onClose={closeDialog}
      className="modal-form"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className="modal-body">
          <h2 id="translate-title">
            Translate {count} {count === 1 ? 'file' : 'files'}
          </h2>
          <div className="field">
            <label htmlFor="translate-memory">Memory</label>
            <MemorySelect
              id="translate-memory"
              memories={memories.data ?? []}
              value={chosenMemory}
              onChange={setMemoryId}
              describedBy="translate-memory-help"
              testId="translate-memory"
            />
            <p className="field-help" id="translate-memory-help">
              The memory sets the languages; its matches fill what they can, machine translation the
              rest.
            </p>
            {errors.memoryId ? <p className="field-error">{errors.memoryId}</p> : null}
          </div>
          <label className="upload-option">
            <input
              type="checkbox"
              checked={withTM}
              onChange={(event) => setWithTM(event.target.checked)}
              data-testid="translate-with-tm"
            />
            Use translation memory
          </label>
          <div className="field">
            <label htmlFor="translate-min-score">
              Minimum TM score <span className="field-optional">(optional)</span>
            </label>
            <input
              id="translate-min-score"
              type="text"
              inputMode="numeric"
              value={minScore}
              placeholder={String(DEFAULT_FILE_TM_THRESHOLD)}
              disabled={!withTM}
              onChange={(event) => setMinScore(event.target.value)}
              aria-invalid={errors.minScore ? true : undefined}
              data-testid="translate-min-score"
            />
            {errors.minScore ? <p className="field-error">{errors.minScore}</p> : null}
          </div>
          {start.isError ? (
            <ErrorMessage error={start.error} title="The translation did not start" />
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={closeDialog}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={start.isPending || count === 0}
            data-testid="translate-start"
          >
            {start.isPending ? 'Starting…' : 'Translate'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
