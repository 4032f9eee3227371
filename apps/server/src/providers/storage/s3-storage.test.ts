import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { parseEnv } from '../../config';
import { createStorage } from './create-storage';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';

/** A local HTTP server playing an S3-compatible service (path-style), in memory. */
const objects = new Map<string, { body: Buffer; type: string }>();
const authHeaders: string[] = [];
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      authHeaders.push(String(req.headers.authorization ?? ''));
      const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      const stored = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        return res.writeHead(200, { etag: '"abc"' }).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (!stored) {
        const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>';
        return req.method === 'HEAD'
          ? res.writeHead(404).end()
          : res.writeHead(404, { 'content-type': 'application/xml' }).end(xml);
      }
      if (req.method === 'HEAD') {
        return res
          .writeHead(200, { 'content-length': stored.body.length, 'content-type': stored.type })
          .end();
      }
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const part = stored.body.subarray(Number(range[1]), Number(range[2]) + 1);
        return res
          .writeHead(206, {
            'content-type': stored.type,
            'content-length': part.length,
            'content-range': `bytes ${range[1]}-${range[2]}/${stored.body.length}`,
          })
          .end(part);
      }
      return res
        .writeHead(200, { 'content-type': stored.type, 'content-length': stored.body.length })
        .end(stored.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('S3Storage against an S3-compatible endpoint', () => {
  it('puts, stats, reads ranges and deletes, signing every request', async () => {
    const storage = new S3Storage({
      bucket: 'quizcast-files',
      region: 'ap-south-1',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret-test-key',
      prefix: 'app/',
    });
    await storage.put('avatars/a1.webp', Buffer.from('0123456789'), 'image/webp');
    expect(objects.get('/quizcast-files/app/avatars/a1.webp')).toEqual({
      body: Buffer.from('0123456789'),
      type: 'image/webp',
    });
    expect(await storage.stat('avatars/a1.webp')).toEqual({ size: 10, contentType: 'image/webp' });
    expect(await text(await storage.read('avatars/a1.webp'))).toBe('0123456789');
    expect(await text(await storage.read('avatars/a1.webp', { start: 2, end: 4 }))).toBe('234');
    await storage.delete('avatars/a1.webp');
    expect(await storage.stat('avatars/a1.webp')).toBeNull();
    expect(authHeaders.length).toBeGreaterThanOrEqual(5);
    for (const header of authHeaders) {
      expect(header).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/ap-south-1\/s3\/aws4_request/);
    }
    storage.destroy();
  });

  it('refuses keys that could escape the prefix', async () => {
    const storage = new S3Storage({ bucket: 'b', region: 'us-east-1', endpoint, forcePathStyle: true });
    await expect(storage.put('../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe/);
    expect(await storage.stat('../../etc/passwd')).toBeNull();
    storage.destroy();
  });

  it('is chosen when S3_BUCKET is set; disk otherwise', async () => {
    const base = { jwtSecret: 'x'.repeat(40) };
    expect(await createStorage({ ...parseEnv({}), ...base })).toBeInstanceOf(DiskStorage);
    const s3 = await createStorage({
      ...parseEnv({ S3_BUCKET: 'quizcast', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' }),
      ...base,
    });
    expect(s3).toBeInstanceOf(S3Storage);
    (s3 as S3Storage).destroy();
  });
});
