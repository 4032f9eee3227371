/**
 * Where a push subscription may point (issue 28; the review's SSRF finding): the server POSTs to a
 * subscription's endpoint, so a learner could otherwise make it call any host, internal ones
 * included. In production only the browsers' own push services are accepted (Chrome and Edge's
 * FCM, Firefox's autopush, Windows' WNS, Safari's APNs web push); elsewhere any https endpoint, so
 * the tests' loopback push-service stand-in works.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (!production) return true;
  if (url.port && url.port !== '443') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
