import type * as S3Sdk from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { lazyPackage } from '../../lib/lazy-package';
import { assertSafeKey, contentTypeForKey, type FileStorage, type StoredFileInfo } from './storage';

/** The S3 SDK, loaded only when S3 storage is configured (issue 31: not at every start). */
const s3 = lazyPackage<typeof S3Sdk>('@aws-sdk/client-s3');

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces…); unset means AWS S3. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket, e.g. "quizcast/". */
  prefix?: string;
  /** Deadline of each request (connection and response). */
  timeoutMs?: number;
}

/**
 * Files in an S3-compatible bucket (S3_BUCKET set). The app still serves them from its own origin,
 * so browsers never need the bucket's origin (no tainted canvas, no CORS).
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Sdk.S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.client = new (s3().S3Client)({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible services reject the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // Every request has a deadline: a stalled bucket fails the upload instead of holding it open.
      requestHandler: {
        connectionTimeout: options.timeoutMs ?? 15_000,
        requestTimeout: options.timeoutMs ?? 15_000,
        throwOnRequestTimeout: true,
      },
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new (s3().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    let objectKey: string;
    try {
      objectKey = this.objectKey(key);
    } catch {
      return null;
    }
    try {
      const head = await this.client.send(
        new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: objectKey }),
      );
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? contentTypeForKey(key) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const result = await this.client.send(
      new (s3().GetObjectCommand)({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    const body = result.Body;
    if (body instanceof Readable) return body;
    if (body && 'transformToByteArray' in body)
      return Readable.from(Buffer.from(await body.transformToByteArray()));
    throw new Error(`S3 object ${key} has no body`);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  if (err instanceof s3().S3ServiceException) {
    return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  }
  return false;
}
