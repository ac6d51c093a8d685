import type { Memory } from '../../../shared/api/memories';
import type { Term, TermbaseExportResponse } from '../../../shared/api/tm';
import { parseCsv } from '../../../shared/csv';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';

const POLL_MS = 250;
const EXPORT_TIMEOUT_MS = 60_000;

/**
 * The public API has no "list terms" call, only an asynchronous CSV export: start it, wait until
 * the memory is no longer processing, download the CSV, and read it. This works against any
 * compatible server. The first two columns are the source and target terms.
 */
export async function readTermbase(gateway: Gateway, id: number, limit: number): Promise<Term[]> {
  await gateway.json<TermbaseExportResponse>({
    method: 'POST',
    path: '/v2/memories/termbase/export',
    query: { id },
  });
  const deadline = Date.now() + EXPORT_TIMEOUT_MS;
  for (;;) {
    const [memory] = await gateway.json<Memory[]>({
      method: 'GET',
      path: '/v2/memories',
      query: { id },
    });
    if (!memory?.is_processing) break;
    if (Date.now() > deadline) {
      throw new GatewayError({
        code: 'timeout',
        message: 'The termbase export did not finish within a minute.',
        hint: 'Try again; a large termbase takes longer.',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const bytes = await gateway.bytes({
    method: 'GET',
    path: '/v2/memories/termbase/download',
    query: { id },
  });
  const [header = [], ...rows] = parseCsv(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));
  return rows
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .slice(0, limit)
    .map((row) => ({
      source: row[0] ?? '',
      target: row[1] ?? '',
      extra: Object.fromEntries(
        header
          .slice(2)
          .map((name, index) => [name, row[index + 2] ?? ''])
          .filter(([, value]) => value !== ''),
      ),
    }));
}
