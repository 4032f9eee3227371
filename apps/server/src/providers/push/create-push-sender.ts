import path from 'node:path';
import type webpushModule from 'web-push';
import { readOrCreateOnce } from '../../lib/create-once';
import { lazyPackage } from '../../lib/lazy-package';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { PushSender } from './push-sender';
import { makeLoopbackCertificate, PushServiceStandIn } from './push-stand-in';
import type { VapidKeys } from './push-worker';
import { WorkerPushSender } from './worker-push-sender';

/**
 * The VAPID keys: from the environment, or (outside production) made once and kept in
 * DATA_DIR/vapid-keys.json so subscriptions survive restarts of `npm start`. In production without
 * keys there is no sender: several instances would each make their own pair.
 */
export function resolveVapidKeys(config: AppConfig): VapidKeys | null {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  if (config.NODE_ENV === 'production') return null;
  const file = path.resolve(config.DATA_DIR, 'vapid-keys.json');
  const made = () => JSON.stringify(lazyPackage<typeof webpushModule>('web-push')().generateVAPIDKeys());
  return JSON.parse(readOrCreateOnce(file, made)) as VapidKeys;
}

/**
 * Pushes from a worker thread (worker-push-sender.ts). `extraCa`: development's push-service
 * stand-in's certificate, trusted besides the public CAs.
 */
export function createPushSender(config: AppConfig, extraCa?: string[]): PushSender | null {
  const keys = resolveVapidKeys(config);
  return (
    keys &&
    new WorkerPushSender({
      keys,
      subject: config.VAPID_SUBJECT,
      timeoutMs: config.PUSH_TIMEOUT_MS,
      ...(extraCa ? { extraCa } : {}),
    })
  );
}

/**
 * Development's push-service stand-in (PUSH_STAND_IN, never in production): on a free loopback port,
 * its certificate made once into DATA_DIR/push-stand-in, the last 200 pushes kept. Without `openssl`
 * the server starts anyway, pushing to the browsers' own push services only.
 */
export async function startDevPushStandIn(
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<PushServiceStandIn | null> {
  if (!config.PUSH_STAND_IN || config.NODE_ENV === 'production') return null;
  try {
    const tls = makeLoopbackCertificate(path.resolve(config.DATA_DIR, 'push-stand-in'));
    const standIn = await PushServiceStandIn.start({ tls, keep: 200 });
    log.info({ origin: standIn.origin }, 'push-service stand-in listening (development: /api/dev/push)');
    return standIn;
  } catch (err) {
    log.warn(
      { err },
      'the push-service stand-in did not start (openssl missing?); reminders go to real push services only',
    );
    return null;
  }
}
