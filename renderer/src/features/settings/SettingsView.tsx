import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ViewHeader } from '../../components/ViewHeader';
import { settingsQueries } from '../../queries/settings';
import { ApiKeySection } from './ApiKeySection';
import { ConnectionSection } from './ConnectionSection';
import { CreateEngineSection } from './create-engine/CreateEngineSection';
import { LanguagesSection } from './LanguagesSection';
import { TestConnectionSection } from './TestConnectionSection';
import { useWebhookRoute } from './webhooks/use-webhook-route';
import { WebhookPage } from './webhooks/WebhookPage';
import { WebhooksSection } from './webhooks/WebhooksSection';

export function SettingsView() {
  const connection = useQuery(settingsQueries.connection());
  const { mode, baseUrl, hasApiKey } = connection.data ?? {};
  const testIdentity = `${mode}|${baseUrl}|${hasApiKey}`;
  const [webhookId] = useWebhookRoute();
  // A webhook's page with its delivery log (`#/settings?webhook=3`), linked from the list below.
  if (webhookId !== null) return <WebhookPage key={webhookId} id={webhookId} />;
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
      <CreateEngineSection />
      <WebhooksSection />
    </section>
  );
}
