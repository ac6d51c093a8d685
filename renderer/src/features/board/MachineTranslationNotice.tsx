import { useQuery } from '@tanstack/react-query';
import { languageQueries } from '../../queries/languages';
import { memoryQueries } from '../../queries/memories';
import { NEW_MEMORY, newMemoryLanguages, type ProjectFormValues } from './create-project-form';
import { missingMachineTranslationNotice } from './machine-translation';

/** The chosen pair's language codes: the new memory's, or the chosen memory's. */
function usePair(values: ProjectFormValues): { source?: string; target?: string } {
  const memories = useQuery(memoryQueries.list());
  if (values.memoryChoice === NEW_MEMORY) {
    const pair = newMemoryLanguages(values);
    return { source: pair?.srclang, target: pair?.trglang };
  }
  const memory = memories.data?.find((m) => String(m.id) === values.memoryChoice);
  return { source: memory?.srclang, target: memory?.trglang };
}

/** Says, before the project exists, when machine translation will not fill its segments. */
export function MachineTranslationNotice({ values }: { values: ProjectFormValues }) {
  const languages = useQuery(languageQueries.list());
  const { source, target } = usePair(values);
  // Without the server's list nothing is known either way: say nothing rather than guess.
  const notice = languages.data
    ? missingMachineTranslationNotice(languages.data, source, target)
    : undefined;
  return (
    <p role="status" className="field-help" data-testid="mt-notice">
      {notice}
    </p>
  );
}
