/** A browser's push subscription as the Push API gives it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one push: accepted by the push service; `gone`: the service says the subscription
 * no longer exists (404 or 410: delete it); `failed`: anything else (timeout, 5xx, refused): try later.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends web push messages (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292). */
export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  /** Never rejects and never outlives its timeout. */
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome>;
  /** Releases what the sender holds (a worker thread); the server calls it when it closes. */
  close?(): Promise<void>;
}
