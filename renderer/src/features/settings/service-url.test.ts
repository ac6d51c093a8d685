import { describe, expect, it } from 'vitest';
import { checkServiceUrl } from './service-url';

describe('checkServiceUrl', () => {
  it('accepts https anywhere and plain http only on this computer', () => {
    for (const url of ['https://api.example.com', 'http://127.0.0.1:8080', 'http://localhost:9']) {
      expect(checkServiceUrl(url, { isRequired: true })).toBeNull();
    }
  });

  it('refuses plain http to another machine, saying why', () => {
    for (const url of ['http://api.example.com', 'http://192.168.1.20:8080']) {
      expect(checkServiceUrl(url, { isRequired: true })).toMatch(/^Use https:\/\//);
    }
  });

  it('refuses addresses it cannot use', () => {
    expect(checkServiceUrl('', { isRequired: true })).toMatch(/Enter the service/);
    expect(checkServiceUrl('', { isRequired: false })).toBeNull();
    expect(checkServiceUrl('ftp://a.example', { isRequired: true })).toMatch(/https:\/\//);
    expect(checkServiceUrl('https://u:p@a.example', { isRequired: true })).toMatch(/user name/);
  });
});
