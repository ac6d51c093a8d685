import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAddressGuard, parseAllowList, refusedKind } from '../net/address-guard';
import { startReceiver, type Receiver } from './receiver-test-support';
import { sendWebhook } from './sender';

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const send = (url: string, allow: string[] = []) =>
  sendWebhook(
    { url, secret, messageId: 'msg_guard', body: '{}' },
    { guard: createAddressGuard(parseAllowList(allow)), timeoutMs: 5_000 },
  );

describe('the private-address rule', () => {
  it('knows the ranges a team server refuses, IPv4-mapped IPv6 included', () => {
    const kinds = {
      '127.0.0.1': 'loopback',
      '10.1.2.3': 'private',
      '172.31.255.1': 'private',
      '192.168.0.10': 'private',
      '100.64.0.1': 'private',
      '169.254.169.254': 'link-local',
      '0.0.0.0': 'unspecified',
      '224.0.0.251': 'multicast',
      '255.255.255.255': 'reserved',
      '::1': 'loopback',
      '::': 'unspecified',
      'fd12:3456::1': 'unique-local',
      'fe80::1': 'link-local',
      'ff02::1': 'multicast',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:a9fe:a9fe': 'link-local',
      '::ffff:192.168.1.1': 'private',
    };
    for (const [address, kind] of Object.entries(kinds)) {
      expect([address, refusedKind(address)]).toEqual([address, kind]);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, refusedKind(address)]).toEqual([address, null]);
    }
  });

  it('refuses a literal loopback address, a bracketed IPv6 and a name that resolves to one', async () => {
    const target = await startReceiver();
    receivers.push(target);
    const literal = await send(target.url);
    expect(literal.status).toBeNull();
    expect(literal.error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address; .*webhookAllow/);
    const mapped = await send(`http://[::ffff:127.0.0.1]:${target.port}/hook`);
    expect(mapped.error).toMatch(/^refused: ::ffff:7f00:1 is a loopback address/);
    const named = await send(`http://localhost:${target.port}/hook`);
    expect(named.error).toMatch(/^refused: localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(target.requests).toHaveLength(0);
  });

  it('lets through what the allow list names: an address, a network or a host', async () => {
    const target = await startReceiver();
    receivers.push(target);
    expect(await send(target.url, ['127.0.0.1'])).toMatchObject({ status: 200, error: null });
    expect(await send(target.url, ['127.0.0.0/8'])).toMatchObject({ status: 200 });
    const byName = await send(`http://localhost:${target.port}/hook`, ['LOCALHOST']);
    // localhost may resolve to ::1 where the receiver (127.0.0.1 only) does not listen.
    expect(byName.error ?? '').not.toMatch(/refused: /);
    expect(await send(target.url, ['10.0.0.0/8'])).toMatchObject({ status: null });
  });

  it('rejects allow-list entries that are neither hosts, addresses nor networks', () => {
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow(/10\.0\.0\.0\/33 is not a valid network/);
    expect(() => parseAllowList(['http://x'])).toThrow(/neither a host name/);
    expect(() => parseAllowList(['[::1]', 'fd00::/8', 'hooks.internal'])).not.toThrow();
  });
});
