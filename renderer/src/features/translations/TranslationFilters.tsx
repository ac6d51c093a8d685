import { TRANSLATION_STATUSES } from '../../../../shared/api/file-translation';
import { isPeriod, PERIODS, STATUS_LABELS } from './translation-format';
import { useTranslationsStore } from './translations-store';

const isStatus = (value: string) => TRANSLATION_STATUSES.find((status) => status === value);

/** The monitor's filters: by status and by when the translation was started. */
export function TranslationFilters() {
  const status = useTranslationsStore((state) => state.status);
  const period = useTranslationsStore((state) => state.period);
  const { setStatus, setPeriod } = useTranslationsStore.getState();
  return (
    <div className="translation-filters" role="group" aria-label="Filter translations">
      <label className="upload-option">
        Status
        <select
          value={status ?? ''}
          onChange={(event) => setStatus(isStatus(event.target.value) ?? null)}
          data-testid="translations-status-filter"
        >
          <option value="">Any status</option>
          {TRANSLATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="upload-option">
        Started
        <select
          value={period}
          onChange={(event) => {
            if (isPeriod(event.target.value)) setPeriod(event.target.value);
          }}
          data-testid="translations-period-filter"
        >
          {Object.entries(PERIODS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
