import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ViewHeader } from '../../components/ViewHeader';
import { translationQueries } from '../../queries/translations';
import { listFilters } from './translation-format';
import { TranslationFilters } from './TranslationFilters';
import { TranslationListContent } from './TranslationListContent';
import { TranslationsMessages } from './TranslationsMessages';
import { useTranslationsStore } from './translations-store';
import './translations.css';

/** Every file translation with its progress; polls while any runs, then stops. */
export function TranslationsView() {
  const status = useTranslationsStore((state) => state.status);
  const fromTime = useTranslationsStore((state) => state.fromTime);
  const filters = listFilters(status, fromTime);
  const result = useQuery({
    ...translationQueries.list(filters),
    placeholderData: keepPreviousData,
  });
  return (
    <section
      className="view view-translations"
      data-testid="view-translations"
      aria-busy={result.isPlaceholderData || undefined}
    >
      <ViewHeader title="Translations">
        Files translated with a memory: matches from the memory first, machine translation for the
        rest. Download each one when it is ready.
      </ViewHeader>
      <TranslationFilters />
      <TranslationsMessages />
      <TranslationListContent result={result} isFiltered={Object.keys(filters).length > 0} />
    </section>
  );
}
