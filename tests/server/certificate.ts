import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 (and the host `names` given), valid one day, made with
 * openssl in `dir`.
 */
export function makeCertificate(
  dir: string,
  names: readonly string[] = [],
): { certFile: string; keyFile: string } {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      `subjectAltName=${['IP:127.0.0.1', ...names.map((n) => `DNS:${n}`)].join(',')}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
