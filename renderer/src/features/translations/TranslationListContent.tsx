import type { UseQueryResult } from '@tanstack/react-query';
import type { TranslationInfo } from '../../../../shared/api/file-translation';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { TranslationList } from './TranslationList';

interface TranslationListContentProps {
  result: UseQueryResult<TranslationInfo[]>;
  isFiltered: boolean;
}

/** Loading, failed, nothing yet, nothing matching, or the list itself. */
export function TranslationListContent({ result, isFiltered }: TranslationListContentProps) {
  const translations = result.data;
  if (translations === undefined) {
    if (result.isError) {
      return (
        <ErrorMessage
          error={result.error}
          title="The translations could not be loaded"
          testId="translations-error"
          onRetry={() => void result.refetch()}
        />
      );
    }
    return (
      <div
        className="translations-loading"
        data-testid="translations-loading"
        aria-busy="true"
        role="status"
      >
        <span className="spinner" aria-hidden="true" />
        Loading translations…
      </div>
    );
  }
  if (translations.length === 0) {
    return isFiltered ? (
      <div className="notice" data-testid="translations-no-match">
        <p>No translation matches these filters.</p>
      </div>
    ) : (
      <EmptyState title="No translations yet" testId="translations-empty">
        <p>
          In Files, tick files and choose Translate…, or drop files on “Drop to translate”. Each
          translation shows up here with its progress, ready to download.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      {result.isError ? (
        <ErrorMessage
          error={result.error}
          title="The list could not be refreshed. It shows the last one it had."
          testId="translations-error"
        />
      ) : null}
      <TranslationList translations={translations} />
    </>
  );
}
