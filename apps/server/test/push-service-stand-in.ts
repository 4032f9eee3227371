import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A push service on loopback for tests (issue 28): it receives what `web-push` sends, decrypts it
 * with the subscription's own keys (RFC 8291, aes128gcm) and records the plaintext, so tests check
 * the real encrypted payload. Each subscription it hands out can answer 201, be gone (404/410), or
 * hang (never answer).
 *
 * HTTPS because web-push only speaks HTTPS: a self-signed certificate for 127.0.0.1, made when the
 * tests load, trusted through `agent` (nothing else trusts it).
 */
/**
 * A self-signed certificate for 127.0.0.1, made afresh by Debian's `openssl` when the tests load
 * (no key is kept in the repository), trusted through `agent` only.
 */
function makeLoopbackCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-push-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
        .concat(['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const { cert: TEST_CERT, key: TEST_KEY } = makeLoopbackCertificate();

export type Behaviour = 'accept' | 'gone' | 'not-found' | 'hang';

export interface ReceivedPush {
  /** The subscription's path on the stand-in. */
  id: string;
  plaintext: string;
  headers: Record<string, string | string[] | undefined>;
}

interface StandInSubscription {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  behaviour: Behaviour;
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm body');
  return padded.subarray(0, end).toString('utf8');
}

export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  /** Requests that are hanging (never answered until close). */
  hanging = 0;
  private readonly subscriptions = new Map<string, StandInSubscription>();
  private readonly server: Server;
  private readonly open = new Set<Duplex>();
  readonly agent = new Agent({ ca: TEST_CERT, keepAlive: false });

  private constructor() {
    this.server = createServer({ cert: TEST_CERT, key: TEST_KEY }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const sub = this.subscriptions.get((req.url ?? '').replace(/^\/push\//, ''));
        if (!sub) return void res.writeHead(404).end();
        if (sub.behaviour === 'hang') {
          this.hanging += 1;
          return;
        }
        if (sub.behaviour === 'gone') return void res.writeHead(410).end();
        if (sub.behaviour === 'not-found') return void res.writeHead(404).end();
        this.received.push({
          id: sub.id,
          plaintext: decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth),
          headers: req.headers,
        });
        res.writeHead(201).end();
      });
    });
    this.server.on('connection', (socket: Duplex) => {
      this.open.add(socket);
      socket.on('close', () => this.open.delete(socket));
    });
  }

  static async start(): Promise<PushServiceStandIn> {
    const standIn = new PushServiceStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get origin(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A browser's subscription on this push service, with fresh user-agent keys. */
  subscribe(behaviour: Behaviour = 'accept'): TestSubscription {
    const id = randomBytes(12).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(id, { id, ecdh, auth, behaviour });
    return {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** What each subscription received, decoded as the service worker would (JSON). */
  payloadsFor(id: string, kind?: string): unknown[] {
    return this.received
      .filter((r) => r.id === id)
      .map((r) => JSON.parse(r.plaintext) as { kind: string })
      .filter((p) => kind === undefined || p.kind === kind);
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }
}
