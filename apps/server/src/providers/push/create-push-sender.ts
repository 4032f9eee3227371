import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type webpushModule from 'web-push';
import { lazyPackage } from '../../lib/lazy-package';
import type { AppConfig } from '../../config';
import type { PushSender } from './push-sender';
import { WebPushSender, type VapidKeys } from './web-push-sender';

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
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(path.dirname(file), { recursive: true });
  const keys = lazyPackage<typeof webpushModule>('web-push')().generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export function createPushSender(config: AppConfig): PushSender | null {
  const keys = resolveVapidKeys(config);
  return keys && new WebPushSender(keys, config.VAPID_SUBJECT, config.PUSH_TIMEOUT_MS);
}
