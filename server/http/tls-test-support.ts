import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1 and localhost, which the client trusts as its CA. */
export function makeTestCertificate(folder: string): { cert: Buffer; key: Buffer } {
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
        ...['-nodes', '-days', '2', '-subj', '/CN=wordbench-test'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
        ...['-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem')],
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    throw new Error(
      `openssl could not make a test certificate (apt-get install -y openssl): ${String(error)}`,
    );
  }
  return {
    cert: readFileSync(join(folder, 'cert.pem')),
    key: readFileSync(join(folder, 'key.pem')),
  };
}
