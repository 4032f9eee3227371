import { describe, expect, it } from 'vitest';
import { staticSecurityHeaders } from './security-headers';

describe('staticSecurityHeaders', () => {
  it("records helmet's headers once, with the options applied", () => {
    const headers = staticSecurityHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://cdn.example'] },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
    expect(headers['content-security-policy']).toContain("script-src 'self' https://cdn.example");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
    expect(staticSecurityHeaders({ strictTransportSecurity: true })['strict-transport-security']).toMatch(
      /^max-age=\d+/,
    );
  });

  it('refuses options helmet refuses', () => {
    expect(() =>
      staticSecurityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } }),
    ).toThrow();
  });
});
