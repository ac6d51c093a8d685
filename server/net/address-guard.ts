import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// The address ranges a team server does not connect to on its users' behalf (webhooks, Create
// engines): its own machine and the networks behind it (SSRF). BlockList matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against the IPv4 rules.
const REFUSED: Array<[kind: string, network: string, prefix: number]> = [
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['private', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['private', '192.168.0.0', 16],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['unique-local', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['site-local', 'fec0::', 10],
  ['multicast', 'ff00::', 8],
];

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

const refusedRanges = REFUSED.map(([kind, network, prefix]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, familyOf(network));
  return { kind, list };
});

/** The kind of range `address` is in when a team server must not connect to it, else null. */
export function refusedKind(address: string): string | null {
  const family = familyOf(address);
  return refusedRanges.find((range) => range.list.check(address, family))?.kind ?? null;
}

/** What a webhook refusal advises (the default of `createAddressGuard`). */
export const WEBHOOK_ADVICE =
  'a team server sends webhooks only to public addresses unless the server option webhookAllow ' +
  'lists the host or its network';

/** A target the address rule refuses; its message says why and, in `advice`, how to allow it. */
export class AddressRefusedError extends Error {
  constructor(host: string, address: string, kind: string, advice = WEBHOOK_ADVICE) {
    const where = host === address ? address : `${host} (${address})`;
    super(`refused: ${where} is a ${kind} address; ${advice}`);
    this.name = 'AddressRefusedError';
  }
}

/** The allow list (`webhookAllow`): host names, IP addresses and CIDR networks. */
export interface AllowList {
  hosts: Set<string>;
  networks: BlockList;
}

/** Parses `webhookAllow` entries ("hooks.internal", "10.1.2.3", "10.0.0.0/8", "fd00::/8"). */
export function parseAllowList(entries: readonly string[] = []): AllowList {
  const allow: AllowList = { hosts: new Set(), networks: new BlockList() };
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    const [network, prefixText] = entry.split('/');
    if (network && isIP(network)) {
      const family = familyOf(network);
      const max = family === 'ipv6' ? 128 : 32;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (!/^\d+$/.test(prefixText ?? '0') || prefix > max) {
        throw new Error(`webhookAllow: ${raw} is not a valid network (prefix 0 to ${max})`);
      }
      allow.networks.addSubnet(network, prefix, family);
    } else if (/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(entry)) {
      allow.hosts.add(entry);
    } else {
      throw new Error(`webhookAllow: ${raw} is neither a host name, an IP address nor a CIDR`);
    }
  }
  return allow;
}

/**
 * The private-address rule of a team server, checked on the addresses a connection may go to:
 * `checkHost` for a literal IP in the URL (no lookup happens for those), `lookup` for names
 * (it refuses when any address the name resolves to is refused, so a rebinding answer cannot
 * slip past between a check and the connect) and `checkConnected` on the socket's peer.
 * An allowed host name skips the rule; an allowed network lets its addresses through.
 */
export function createAddressGuard(allow: AllowList, advice = WEBHOOK_ADVICE) {
  function refusal(host: string, address: string): AddressRefusedError | null {
    if (allow.hosts.has(host) || allow.networks.check(address, familyOf(address))) return null;
    const kind = refusedKind(address);
    return kind ? new AddressRefusedError(host, address, kind, advice) : null;
  }

  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((entry) => refusal(hostname, entry.address)).find(Boolean);
      if (refused) return callback(refused, '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };

  return {
    /** Throws for a literal IP host (bracketed IPv6 too) the rule refuses. */
    checkHost(hostname: string): void {
      const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
      if (!isIP(host)) return;
      const refused = refusal(host, host);
      if (refused) throw refused;
    },
    lookup,
    /** The error for a connection made to a refused peer, or null. */
    checkConnected(hostname: string, address: string | undefined): AddressRefusedError | null {
      if (!address) return null;
      return refusal(hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1'), address);
    },
  };
}

export type AddressGuard = ReturnType<typeof createAddressGuard>;
