import type { Agent } from 'node:https';
import type webpushModule from 'web-push';
import { lazyPackage } from '../../lib/lazy-package';

const loadWebPush = lazyPackage<typeof webpushModule>('web-push');
import { withTimeout } from '../../lib/timeout';
import type { PushOutcome, PushSender, PushTarget } from './push-sender';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A VAPID token lives 12 hours (web-push's default, at most 24 h by RFC 8292) and is renewed 1 hour before. */
const VAPID_LIFETIME_S = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_MS = 60 * 60 * 1000;
/** Push services a sender keeps a token for (browsers use a handful; beyond this the cache starts over). */
const VAPID_AUDIENCES_MAX = 64;

/**
 * Pushes with the `web-push` library (aes128gcm content encoding, VAPID). Every push has a socket
 * timeout and an overall deadline, so a push service that hangs costs at most `timeoutMs`.
 * The VAPID token (an ES256 JWT for the push service's origin) is signed once per push service and
 * reused until an hour before it expires, as RFC 8292 allows: web-push signs one per message
 * otherwise (~0.14 ms of the event loop each, a tenth of a reminder's cost in a 10,000-reminder sweep).
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly vapid = new Map<string, { authorization: string; renewAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly timeoutMs: number,
    /** Tests: an agent that trusts the loopback push-service stand-in's certificate. */
    private readonly agent?: Agent,
  ) {
    this.publicKey = keys.publicKey;
  }

  async send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome> {
    try {
      await withTimeout(
        loadWebPush().sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            headers: { Authorization: this.authorization(target.endpoint) },
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            timeout: this.timeoutMs,
            ...(this.agent ? { agent: this.agent } : {}),
          },
        ),
        this.timeoutMs,
        'web push',
      );
      return 'sent';
    } catch (err) {
      const status = (err as { statusCode?: unknown }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  }

  /**
   * `vapid t=<JWT>, k=<public key>` for the endpoint's push service. The token's expiry is judged by
   * the push service against the real time, so it is made from the real time (web-push's own), not
   * from the app's clock.
   */
  private authorization(endpoint: string): string {
    const { protocol, host } = new URL(endpoint);
    const audience = `${protocol}//${host}`;
    const now = Date.now();
    const kept = this.vapid.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const expiresAt = Math.floor(now / 1000) + VAPID_LIFETIME_S;
    const { Authorization: authorization } = loadWebPush().getVapidHeaders(
      audience,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      expiresAt,
    );
    if (this.vapid.size >= VAPID_AUDIENCES_MAX) this.vapid.clear();
    this.vapid.set(audience, { authorization, renewAt: expiresAt * 1000 - VAPID_RENEW_BEFORE_MS });
    return authorization;
  }
}
