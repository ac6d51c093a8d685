import type { Readable } from 'node:stream';
import type { DownloadResult } from '../../../shared/ipc/contract';
import { GatewayError } from '../gateway/gateway-error';
import type { CallContext, DeliverDownload } from '../ipc/validated';

/** Large files take long; a stalled transfer is ended by the user's cancel or the network. */
export const TRANSFER_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/**
 * Hands a download to the user the host's way: the call's own delivery (the web host's HTTP
 * answer) or the host's default (the desktop's save dialog). `open` starts the transfer only
 * once a delivery exists.
 */
export async function deliver(
  context: CallContext,
  fallback: DeliverDownload | undefined,
  open: () => Promise<{ name: string; size: number | undefined; body: Readable }>,
): Promise<DownloadResult> {
  const delivery = context.deliver ?? fallback;
  if (!delivery) {
    throw new GatewayError({ code: 'unsupported', message: 'This host cannot save downloads.' });
  }
  return delivery(await open());
}
