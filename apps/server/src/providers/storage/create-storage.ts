import path from 'node:path';
import type { AppConfig } from '../../config';
import { DiskStorage } from './disk-storage';
import type { FileStorage } from './storage';

/**
 * Disk under DATA_DIR/files by default; S3-compatible object storage when S3_BUCKET is set
 * (the AWS SDK is loaded only then).
 */
export async function createStorage(config: AppConfig): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      timeoutMs: config.OUTBOUND_TIMEOUT_MS,
    });
  }
  return new DiskStorage(path.resolve(config.DATA_DIR, 'files'));
}
