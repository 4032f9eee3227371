import type { PushSubscriptionBody } from '@quizcast/contract/schemas/reminders';

/** The browser can receive web push (service worker, Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's service worker, or null when none is registered within `ms` (e.g. the dev server). */
async function registration(ms = 10_000): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const none = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, none]);
  } finally {
    clearTimeout(timer);
  }
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, without asking for anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration(2_000);
  return reg ? reg.pushManager.getSubscription() : null;
}

export type SubscribeResult =
  { ok: true; body: PushSubscriptionBody } | { ok: false; reason: 'denied' | 'no-worker' };

/**
 * Asks for permission (only ever called from the learner's click) and subscribes with the server's
 * VAPID key.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  const reg = await registration();
  if (!reg) return { ok: false, reason: 'no-worker' };
  const sub = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = sub.toJSON();
  return {
    ok: true,
    body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  };
}
