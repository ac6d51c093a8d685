import type { Segment } from '../../../shared/api/segments';
import type { TranslationList } from '../../../shared/api/translate';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

type SegmentHandlers = Pick<Handlers, 'segments:update' | 'translate:segment'>;

/** The editor's calls: save a segment, and ask for its TM matches and MT. */
export function segmentHandlers(gateway: Gateway): SegmentHandlers {
  return {
    'segments:update': (input) =>
      gateway.json<Segment>({ method: 'PUT', path: '/v2/segments', json: input }),
    'translate:segment': (input) =>
      gateway.json<TranslationList>({ method: 'POST', path: '/v2/translate', json: input }),
  };
}
