import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ViewHeader } from '../../components/ViewHeader';
import { createQueries } from '../../queries/create';
import { ContentEditor } from './ContentEditor';
import { ContentList } from './ContentList';
import { GenerateForm } from './GenerateForm';
import { GenerationError } from './GenerationError';
import { GenerationOutput } from './GenerationOutput';
import { EMPTY_DRAFT } from './generate-form';
import { TermsPanel } from './TermsPanel';
import { useGeneration } from './use-generation';
import './create.css';

/** Create: generate source content with the organization's engine, edit it, then translate it. */
export function CreateView() {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const contents = useQuery(createQueries.list());
  const preferences = useQuery(createQueries.preferences());
  const generation = useGeneration(setSelectedId);
  const selected = contents.data?.find((content) => content.id === selectedId) ?? null;
  const isOutputShown = generation.isRunning || (!selected && generation.text !== '');

  return (
    <section className="view create-view" data-testid="view-create">
      <ViewHeader title="Create">
        Write product descriptions, blog posts and emails in your tone and terms with your own
        engine, then translate them.
      </ViewHeader>
      <TermsPanel />
      <div className="create-columns">
        <div className="create-column">
          {preferences.isPending ? (
            <p className="muted">Loading…</p>
          ) : (
            <GenerateForm
              initial={{ ...EMPTY_DRAFT, ...preferences.data }}
              isRunning={generation.isRunning}
              onGenerate={(start) => void generation.start(start)}
            />
          )}
          {preferences.error ? (
            <ErrorMessage error={preferences.error} title="Could not load the preferences" />
          ) : null}
        </div>
        <div className="create-column">
          {generation.error ? <GenerationError error={generation.error} /> : null}
          {isOutputShown ? (
            <GenerationOutput generation={generation} onStop={generation.stop} />
          ) : selected ? (
            <>
              {generation.result?.message && generation.result.content?.id === selected.id ? (
                <p className="notice notice-error" role="alert">
                  {generation.result.message}
                </p>
              ) : null}
              <ContentEditor
                key={`${selected.id}:${selected.updatedAt}:${selected.text.length}`}
                content={selected}
                isRunning={generation.isRunning}
                onRegenerate={(id) => void generation.start({ regenerateId: id })}
              />
            </>
          ) : null}
          <h2 className="create-contents-title">Saved contents</h2>
          {contents.error ? (
            <ErrorMessage
              error={contents.error}
              title="Could not load the contents"
              onRetry={() => void contents.refetch()}
            />
          ) : (
            <ContentList
              contents={contents.data ?? []}
              selectedId={selectedId}
              onOpen={setSelectedId}
            />
          )}
        </div>
      </div>
    </section>
  );
}
