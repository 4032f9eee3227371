import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { readOrCreateOnce } from '../../lib/create-once';

/**
 * A push service on loopback (issue 28): it receives what `web-push` sends, decrypts it with the
 * subscription's own keys (RFC 8291, aes128gcm) and records the plaintext. The API tests use it to
 * check the real encrypted payload; `npm start` runs one in development (PUSH_STAND_IN, ADR 025) so
 * reminders can be seen end to end without a browser's push service. Each subscription it hands out
 * can answer 201, be gone (404/410), or hang (never answer).
 *
 * HTTPS because web-push only speaks HTTPS: a self-signed certificate for 127.0.0.1 made by
 * `openssl`, trusted through `agent` only (nothing else trusts it).
 */

export interface LoopbackCertificate {
  cert: string;
  key: string;
}

/**
 * A self-signed certificate for 127.0.0.1, made by `openssl` (no key is kept in the repository):
 * afresh, or once into `keepIn`/certificate.json (development: `DATA_DIR/push-stand-in`).
 */
export function makeLoopbackCertificate(keepIn?: string): LoopbackCertificate {
  const make = () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'quizcast-push-tls-'));
    const certFile = path.join(scratch, 'cert.pem');
    const keyFile = path.join(scratch, 'key.pem');
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
          .concat(['-days', keepIn ? '3650' : '1', '-subj', '/CN=127.0.0.1'])
          .concat(['-addext', 'subjectAltName=IP:127.0.0.1', '-addext', 'basicConstraints=critical,CA:FALSE'])
          .concat(['-addext', 'keyUsage=critical,digitalSignature', '-addext', 'extendedKeyUsage=serverAuth'])
          .concat(['-keyout', keyFile, '-out', certFile]),
        { stdio: 'ignore' },
      );
      return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  };
  if (!keepIn) return make();
  // An earlier development server kept a CA certificate and its key here: no longer trusted, removed.
  for (const old of ['cert.pem', 'key.pem']) rmSync(path.join(keepIn, old), { force: true });
  // Cert and key in one file made once: instances starting together on one DATA_DIR share a pair.
  const kept = readOrCreateOnce(path.join(keepIn, 'certificate.json'), () => JSON.stringify(make()));
  return JSON.parse(kept) as LoopbackCertificate;
}

export type Behaviour = 'accept' | 'gone' | 'not-found' | 'hang';

export interface ReceivedPush {
  /** The subscription's path on the stand-in. */
  id: string;
  /** When it arrived (the stand-in's own clock). */
  at: Date;
  plaintext: string;
  headers: Record<string, string | string[] | undefined>;
}

interface StandInSubscription {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  behaviour: Behaviour;
}

export interface StandInSubscriptionKeys {
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
  /** Its certificate (PEM), for a sender to trust. */
  readonly cert: string;
  /** An agent that trusts this stand-in only (tests). */
  readonly agent: Agent;

  private constructor(
    tls: LoopbackCertificate,
    /** The most pushes kept (oldest dropped first): a long `npm start` keeps a bounded list. */
    private readonly keep: number,
  ) {
    this.cert = tls.cert;
    this.agent = new Agent({ ca: tls.cert, keepAlive: false });
    this.server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const sub = this.subscriptions.get((req.url ?? '').replace(/^\/push\//, ''));
        if (!sub || req.method !== 'POST') return void res.writeHead(404).end();
        if (sub.behaviour === 'hang') {
          this.hanging += 1;
          return;
        }
        if (sub.behaviour === 'gone') return void res.writeHead(410).end();
        if (sub.behaviour === 'not-found') return void res.writeHead(404).end();
        let plaintext: string;
        try {
          plaintext = decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth);
        } catch {
          return void res.writeHead(400).end();
        }
        this.received.push({ id: sub.id, at: new Date(), plaintext, headers: req.headers });
        if (this.received.length > this.keep) this.received.shift();
        res.writeHead(201).end();
      });
    });
    this.server.on('connection', (socket: Duplex) => {
      this.open.add(socket);
      socket.on('close', () => this.open.delete(socket));
    });
  }

  /** Listens on 127.0.0.1 (a free port) with `tls`, or a fresh certificate. */
  static async start(
    options: { tls?: LoopbackCertificate; keep?: number } = {},
  ): Promise<PushServiceStandIn> {
    const standIn = new PushServiceStandIn(
      options.tls ?? makeLoopbackCertificate(),
      options.keep ?? Number.POSITIVE_INFINITY,
    );
    await new Promise<void>((resolve, reject) => {
      standIn.server.once('error', reject);
      standIn.server.listen(0, '127.0.0.1', resolve);
    });
    return standIn;
  }

  get origin(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Is `endpoint` one of this stand-in's subscriptions? */
  owns(endpoint: string): boolean {
    return endpoint.startsWith(`${this.origin}/push/`);
  }

  /** A browser's subscription on this push service, with fresh user-agent keys. */
  subscribe(behaviour: Behaviour = 'accept'): StandInSubscriptionKeys {
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
