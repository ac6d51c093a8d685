import type { Segment, SegmentBatchResponse } from '../../../shared/api/segments';
import type { TranslationList } from '../../../shared/api/translate';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

type SegmentHandlers = Pick<
  Handlers,
  'segments:update' | 'segments:save-batch' | 'translate:segment'
>;

/** The editor's calls: save a segment (or many at once), and ask for its TM matches and MT. */
export function segmentHandlers(gateway: Gateway): SegmentHandlers {
  return {
    'segments:update': (input) =>
      gateway.json<Segment>({ method: 'PUT', path: '/v2/segments', json: input }),
    'segments:save-batch': (input) =>
      gateway.json<SegmentBatchResponse>({
        method: 'PUT',
        path: '/v2/documents/segments',
        json: input,
      }),
    'translate:segment': (input) =>
      gateway.json<TranslationList>({ method: 'POST', path: '/v2/translate', json: input }),
  };
}
