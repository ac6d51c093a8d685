import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'api.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '[::ffff:7f00:1]',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));

  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '192.168.1.20',
    '128.0.0.1',
    '127.0.0.256',
    'localhost.example.com',
    'example.com',
    '::2',
    '::ffff:10.0.0.1',
    '1::1',
    'fe80::1',
    '',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});
