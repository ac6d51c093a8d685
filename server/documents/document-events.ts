import type { Queryable, Storage } from '../db/storage';
import { recordEventOf } from '../webhooks/outbox';
import { documentQueries } from './document-queries';

/**
 * `DOCUMENT_UPDATE` (our webhook event: a pretranslation finished), written in `tx`, the
 * transaction that ends the work, with the document as `GET /v2/documents` answers it, without
 * its segments. Nothing for a document not shown (still importing) or gone.
 */
export async function recordDocumentEvent(
  storage: Storage,
  tx: Queryable,
  orgId: number,
  documentId: number,
): Promise<void> {
  await recordEventOf(storage, tx, {
    orgId,
    type: 'DOCUMENT_UPDATE',
    read: () => documentQueries(tx, storage.dialect).header(orgId, documentId),
  });
}
