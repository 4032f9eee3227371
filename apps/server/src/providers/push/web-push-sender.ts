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

/**
 * Pushes with the `web-push` library (aes128gcm content encoding, VAPID). Every push has a socket
 * timeout and an overall deadline, so a push service that hangs costs at most `timeoutMs`.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

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
            vapidDetails: { subject: this.subject, ...this.keys },
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
}
