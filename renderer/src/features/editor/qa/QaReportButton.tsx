import { useQaReportStore } from './qa-report-store';

/** Opens and closes the document's QA report (F8). */
export function QaReportButton() {
  const isOpen = useQaReportStore((state) => state.isOpen);
  return (
    <button
      type="button"
      aria-pressed={isOpen}
      aria-keyshortcuts="F8"
      title="QA report (F8)"
      onClick={() => useQaReportStore.getState().toggle()}
      data-testid="qa-report-button"
    >
      QA report
    </button>
  );
}
