import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use, not when the server starts (issue 31): the Redis client,
 * the payment and storage SDKs, the image library and web push together cost about 115 MiB and
 * seconds of every `npm start`, and the embedded default configures none of them. The production
 * bundle keeps a static import of an external package at its top (esbuild hoists it, even behind a
 * dynamic import), so such a package is reached only through this.
 *
 *   const loadSharp = lazyPackage<typeof import('sharp')>('sharp');
 *   const sharp = loadSharp();
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
