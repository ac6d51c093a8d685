import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ViewHeader } from '../../components/ViewHeader';
import { settingsQueries } from '../../queries/settings';
import { ApiKeySection } from './ApiKeySection';
import { ConnectionSection } from './ConnectionSection';
import { LanguagesSection } from './LanguagesSection';
import { TestConnectionSection } from './TestConnectionSection';

export function SettingsView() {
  const connection = useQuery(settingsQueries.connection());
  const { mode, baseUrl, hasApiKey } = connection.data ?? {};
  const testIdentity = `${mode}|${baseUrl}|${hasApiKey}`;
  return (
    <section className="view" data-testid="view-settings">
      <ViewHeader title="Settings">
        Where Wordbench sends its work, the key it uses there, and what that server can translate.
      </ViewHeader>
      {connection.isPending ? <p className="muted">Loading the connection settings…</p> : null}
      {connection.isError ? (
        <ErrorMessage error={connection.error} title="Could not read the connection settings" />
      ) : null}
      {connection.data ? (
        <>
          <ConnectionSection state={connection.data} />
          <ApiKeySection state={connection.data} />
        </>
      ) : null}
      {/* A test result belongs to one address and key: start afresh when either changes. */}
      <TestConnectionSection key={testIdentity} />
      <LanguagesSection />
    </section>
  );
}
