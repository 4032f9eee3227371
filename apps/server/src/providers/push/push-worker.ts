import { Agent } from 'node:https';
import { setPriority } from 'node:os';
import { rootCertificates } from 'node:tls';
import { parentPort, workerData } from 'node:worker_threads';
import webpush from 'web-push';
import type { PushOutcome, PushTarget } from './push-sender';

/**
 * The push sender's worker thread (worker-push-sender.ts starts it; dist/push-worker.js in the
 * bundle): it encrypts each push with `web-push` (RFC 8291, aes128gcm: a fresh ECDH key pair and
 * secret, HKDF, AES-GCM; ~0.4 ms of CPU a push), signs VAPID (RFC 8292) and sends it, so none of that
 * runs on the server's event loop. Like the formula and card workers it runs below the server's own
 * threads (nice 10): while learners' requests keep the cores busy, reminders wait for them (issue 28's
 * bench: a 10,000-reminder sweep overlapping an exam's submissions).
 *
 * Every push has a socket timeout and an overall deadline, so a push service that hangs costs at most
 * `timeoutMs`. The VAPID token (an ES256 JWT for the push service's origin) is signed once per push
 * service and reused until an hour before it expires, as RFC 8292 allows (web-push would sign one per
 * message, ~0.14 ms each). Its expiry is judged by the push service against the real time, so it is
 * made from the real time, not from the app's clock.
 *
 * This file runs as a worker from dist/push-worker.js, or as TypeScript under tsx or Node's own type
 * stripping in development and tests, so it imports only packages and types, never another source file.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}
export interface PushWorkerData {
  keys: VapidKeys;
  /** VAPID's `sub` (a mailto: or https: contact). */
  subject: string;
  timeoutMs: number;
  /** Certificates trusted besides the public CAs (the loopback stand-in's: development and tests). */
  extraCa?: string[];
}
export interface PushJob {
  id: number;
  target: PushTarget;
  payload: string;
  ttlSeconds: number;
}
export interface PushReply {
  id: number;
  outcome: PushOutcome;
}

/** A VAPID token lives 12 hours (web-push's default; at most 24 by RFC 8292), renewed an hour before. */
const VAPID_LIFETIME_S = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_MS = 60 * 60 * 1000;
/** Push services a token is kept for (browsers use a handful; beyond this the cache starts over). */
const VAPID_AUDIENCES_MAX = 64;

const data = workerData as PushWorkerData;
const agent = data.extraCa?.length
  ? new Agent({ ca: [...rootCertificates, ...data.extraCa], keepAlive: true })
  : undefined;
const vapid = new Map<string, { authorization: string; renewAt: number }>();

/** `vapid t=<JWT>, k=<public key>` for the endpoint's push service. */
function authorization(endpoint: string): string {
  const { protocol, host } = new URL(endpoint);
  const audience = `${protocol}//${host}`;
  const now = Date.now();
  const kept = vapid.get(audience);
  if (kept && kept.renewAt > now) return kept.authorization;
  const expiresAt = Math.floor(now / 1000) + VAPID_LIFETIME_S;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    data.subject,
    data.keys.publicKey,
    data.keys.privateKey,
    'aes128gcm',
    expiresAt,
  );
  if (vapid.size >= VAPID_AUDIENCES_MAX) vapid.clear();
  vapid.set(audience, { authorization: Authorization, renewAt: expiresAt * 1000 - VAPID_RENEW_BEFORE_MS });
  return Authorization;
}

async function send(job: PushJob): Promise<PushOutcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`web push took longer than ${data.timeoutMs} ms`)),
        data.timeoutMs,
      );
    });
    await Promise.race([
      webpush.sendNotification(
        { endpoint: job.target.endpoint, keys: { p256dh: job.target.p256dh, auth: job.target.auth } },
        job.payload,
        {
          headers: { Authorization: authorization(job.target.endpoint) },
          TTL: job.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          timeout: data.timeoutMs,
          ...(agent ? { agent } : {}),
        },
      ),
      deadline,
    ]);
    return 'sent';
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    return status === 404 || status === 410 ? 'gone' : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

try {
  setPriority(0, 10);
} catch {
  /* not allowed here: push at the same priority */
}
parentPort!.on('message', (job: PushJob) => {
  void send(job).then((outcome) => parentPort!.postMessage({ id: job.id, outcome } satisfies PushReply));
});
