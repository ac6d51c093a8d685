import type { LanguagesResponse } from '../../../shared/api/languages';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

export function languageHandlers(gateway: Gateway): Pick<Handlers, 'languages:list'> {
  return {
    'languages:list': () =>
      gateway.json<LanguagesResponse>({ method: 'GET', path: '/v2/languages' }),
  };
}
