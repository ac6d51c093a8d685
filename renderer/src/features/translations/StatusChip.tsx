import type { TranslationStatus } from '../../../../shared/api/file-translation';
import { STATUS_LABELS } from './translation-format';

/** The translation's state in a word, coloured by what it asks of the user. */
export function StatusChip({ status }: { status: TranslationStatus }) {
  return (
    <span
      className={`translation-chip translation-chip-${status}`}
      data-testid="translation-status"
      data-status={status}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
