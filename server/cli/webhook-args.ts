import { parseAllowList } from '../net/address-guard';
import { UsageError } from './args-error';

export const WEBHOOK_USAGE = `  --webhook-allow LIST   hosts, IPs or CIDR networks (comma-separated, or the flag repeated)
                         that webhooks may go to although they are private or loopback; a
                         team server (--database) refuses those otherwise (env
                         WORDBENCH_WEBHOOK_ALLOW)
`;

/** `--webhook-allow` (repeatable, comma lists) or WORDBENCH_WEBHOOK_ALLOW, each entry checked. */
export function webhookAllowArgs(
  flags: string[] | undefined,
  env: NodeJS.ProcessEnv,
): { webhookAllow?: string[] } {
  const source = flags ?? (env.WORDBENCH_WEBHOOK_ALLOW ? [env.WORDBENCH_WEBHOOK_ALLOW] : []);
  const entries = source.flatMap((list) => list.split(',')).map((e) => e.trim());
  if (entries.length === 0) return {};
  if (entries.includes('')) throw new UsageError('--webhook-allow has an empty entry');
  try {
    // Checked now, so a wrong entry is a usage error rather than a failed start.
    parseAllowList(entries);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.replace(/^webhookAllow:/, '--webhook-allow:'));
  }
  return { webhookAllow: entries };
}
