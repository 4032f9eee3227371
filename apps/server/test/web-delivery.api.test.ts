import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './helpers';

// A built web app as scripts/precompress.mjs leaves it: each file with .br and .gz beside it.
const webDist = mkdtempSync(path.join(tmpdir(), 'quizcast-web-delivery-'));
mkdirSync(path.join(webDist, 'assets'));
const indexHtml = `<!doctype html><html><body><div id="root"></div>${'<!-- shell -->'.repeat(200)}</body></html>`;
const appJs = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
const swJs = `self.addEventListener('install', () => {}); ${'//'.repeat(400)}`;
function writeWithVariants(relative: string, body: string, dir = webDist) {
  const file = path.join(dir, relative);
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}
writeWithVariants('index.html', indexHtml);
writeWithVariants('assets/index-Ab12Cd34.js', appJs);
writeWithVariants('sw.js', swJs);
writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Quizcast"}');
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const bigItems = Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Quiz number ${i}` }));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    webDist,
    extend: (app) => {
      app.get('/api/__big', async () => ({ items: bigItems }));
      app.get('/api/__small', async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

describe('static files: precompressed, cached by kind, with ETags', () => {
  it('sends the brotli file to a browser that accepts br, gzip to one that only takes gzip', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(appJs.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(appJs);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('caches hashed assets for a year, immutable; the page and the service worker revalidate', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/quizzes/attend', '/index.html']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(indexHtml);
    }
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends an ETag and answers 304 when it still matches', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a hashed file that is not there (an old build), never the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Old00000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('API JSON: compressed on the fly over 1 KB', () => {
  it('compresses a reply over 1 KB with brotli or gzip, as the client accepts', async () => {
    const expected = JSON.stringify({ items: bigItems });
    expect(expected.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'GET', url: '/api/__big', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(expected.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/__big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(expected);
  });

  it('leaves small replies and clients that accept nothing uncompressed', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/__small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const identity = await t.app.inject({ method: 'GET', url: '/api/__big' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual({ items: bigItems });
  });

  it('sends a small real API reply (health) as it is', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('the prerendered landing page (scripts/prerender-landing.mjs)', () => {
  const withLanding = mkdtempSync(path.join(tmpdir(), 'quizcast-web-landing-'));
  const landingHtml = `<!doctype html><html><body><div id="root"><h1>Master Every Quiz</h1></div>${'<!-- page -->'.repeat(200)}</body></html>`;
  writeWithVariants('index.html', indexHtml, withLanding);
  writeWithVariants('landing.html', landingHtml, withLanding);
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ webDist: withLanding });
  });
  afterAll(() => app.close());

  it('is sent for / (compressed, revalidated); every other screen still gets the app shell', async () => {
    const landing = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(landing.rawPayload).toString()).toBe(landingHtml);
    for (const url of ['/quizzes', '/login', '/index.html']) {
      const page = await app.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(indexHtml);
    }
  });
});
