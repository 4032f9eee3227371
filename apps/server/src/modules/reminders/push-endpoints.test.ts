import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './push-endpoints';

describe('isAllowedPushEndpoint', () => {
  it('accepts the browsers’ push services in production', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ])
      expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(true);
  });

  it('refuses any other host, plain http, credentials or an odd port in production', () => {
    for (const endpoint of [
      'https://127.0.0.1:8443/push',
      'https://localhost/push',
      'https://169.254.169.254/latest/meta-data',
      'https://internal.example.com/admin',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'not a url',
    ])
      expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(false);
  });

  it('outside production takes any https endpoint (the tests’ loopback push service), never http', () => {
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push', false)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8443/push', false)).toBe(false);
  });
});
