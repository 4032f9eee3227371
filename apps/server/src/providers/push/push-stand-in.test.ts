import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLoopbackCertificate } from './push-stand-in';

describe("the push stand-in's certificate", () => {
  it('is a server certificate for 127.0.0.1 only: not a CA, so a leaked key cannot vouch for a real push service', () => {
    const { cert } = makeLoopbackCertificate();
    const x509 = new X509Certificate(cert);
    expect(x509.ca).toBe(false);
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkHost('fcm.googleapis.com')).toBeUndefined();
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // serverAuth
  });

  it('is made once into the folder it is kept in, and the same pair comes back', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'quizcast-push-tls-test-')), 'push-stand-in');
    // What an earlier development server kept here (a CA certificate and its key) goes.
    mkdirSync(dir);
    for (const old of ['cert.pem', 'key.pem']) writeFileSync(path.join(dir, old), 'old');
    const first = makeLoopbackCertificate(dir);
    expect(makeLoopbackCertificate(dir)).toEqual(first);
    expect(readdirSync(dir)).toEqual(['certificate.json']);
  });
});
