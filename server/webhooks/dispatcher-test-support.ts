import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import type { WebhookEventType } from '../../shared/api/webhooks';
import type { Backend, useBothBackends } from '../db/backends-test-support';
import { createOrganization } from '../db/organizations';
import type { Storage } from '../db/storage';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher';
import { recordEvent } from './outbox';
import { webhookQueries } from './queries';
import { startReceiver, type Receiver } from './receiver-test-support';
import { until } from '../until-test-support';

type Backends = ReturnType<typeof useBothBackends>;

/** Polls `check` until it holds (the dispatcher works in the background). */
export async function eventually(check: () => Promise<boolean>, what: string) {
  await until(check, what);
}

/**
 * Per test: a fresh database of the backend with one organization, receivers on 127.0.0.1, a
 * clock the test moves (`clock.offset`), and dispatchers stopped at the end.
 */
export function dispatchHarness(backends: Backends) {
  const cleanups: Array<() => Promise<void>> = [];
  let made = 0;
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  return async function setup(backend: Backend) {
    made += 1;
    const fresh = await backends.fresh(backend, `hooks_${backend}_${made}`);
    cleanups.push(fresh.close);
    const storage = fresh.storage;
    const orgId = await createOrganization(storage.db, 'Hooks');
    const clock = { offset: 0, now: () => Date.now() + clock.offset };
    return {
      storage,
      url: fresh.url,
      orgId,
      clock,
      async receiver(): Promise<Receiver> {
        const receiver = await startReceiver();
        cleanups.push(() => receiver.close());
        return receiver;
      },
      async configure(url: string, eventTypes: WebhookEventType[] = ['PROJECT_UPDATE']) {
        const secret = `whsec_${randomBytes(24).toString('base64')}`;
        const id = await webhookQueries(storage.db).insert({
          orgId,
          name: `hook to ${url}`,
          url,
          eventTypes,
          secret,
          now: Date.now(),
        });
        return { id, secret };
      },
      /** Records one event in a transaction of its own, as a change would. */
      emit: (data: unknown, type: WebhookEventType = 'PROJECT_UPDATE', on: Storage = storage) =>
        on.transaction((tx) => recordEvent(on, tx, { orgId, type, data })),
      dispatcher(options: DispatcherOptions = {}, on: Storage = storage): Dispatcher {
        const dispatcher = createDispatcher(on, {
          now: clock.now,
          backoff: () => 20,
          // The receivers listen on 127.0.0.1, which a team server refuses unless allowed.
          webhookAllow: ['127.0.0.1'],
          ...options,
        });
        cleanups.push(() => dispatcher.stop());
        return dispatcher;
      },
      deliveries: (configurationId: number) =>
        storage.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('configuration_id', '=', configurationId)
          .orderBy('id')
          .execute(),
      attempts: (deliveryId: number) =>
        storage.db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where('delivery_id', '=', deliveryId)
          .orderBy('id')
          .execute(),
      configuration: (id: number) =>
        storage.db
          .selectFrom('webhook_configurations')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
    };
  };
}

/** The `n` of `{ n }` payloads in the order a receiver got them. */
export const numbersOf = (receiver: Receiver) =>
  receiver.requests.map((request) => (JSON.parse(request.body) as { data: { n: number } }).data.n);
