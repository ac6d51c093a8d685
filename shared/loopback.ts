const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Expands an IPv6 address to its eight groups as numbers; null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const mapped = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) {
    const v4 = IPV4.exec(mapped[2]!);
    if (!v4) return null;
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${mapped[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Whether a host name or address is this machine's loopback: `localhost` (and names under it),
 * 127.0.0.0/8, ::1 and ::ffff:127.x.x.x. An API key may cross plain HTTP only to such a host (the
 * embedded server); anywhere else it needs TLS. Written without node:net so the renderer can
 * ask too.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const v4 = IPV4.exec(bare);
  if (v4) return v4.slice(1).every((n) => Number(n) <= 255) && v4[1] === '127';
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 7) && groups[7] === 1) return true;
  // ::ffff:127.x.x.x, an IPv4 loopback address seen through IPv6.
  return zeros(0, 5) && groups[5] === 0xffff && groups[6]! >> 8 === 127;
}
