// Writes file.br and file.gz beside every compressible file of a build (default apps/web/dist),
// so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
// on every request. A variant is kept only when it is smaller than the file.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 512;

const root = path.resolve(process.argv[2] ?? 'apps/web/dist');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  for (const ext of ['.br', '.gz']) {
    try {
      unlinkSync(file + ext);
    } catch {
      // not there: nothing stale to remove
    }
  }
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < size) writeFileSync(`${file}.br`, br);
  if (gz.length < size) writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += size;
  afterBr += Math.min(br.length, size);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `precompress: ${count} files in ${path.relative(process.cwd(), root) || '.'}, ${kb(before)} → ${kb(afterBr)} brotli`,
);
