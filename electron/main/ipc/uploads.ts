import type { Uploads } from '../transfers/uploads';
import type { Handlers } from './validated';

export function uploadHandlers(uploads: Uploads): Pick<Handlers, 'uploads:cancel'> {
  return {
    'uploads:cancel': async ({ uploadId }) => ({ cancelled: uploads.cancel(uploadId) }),
  };
}
