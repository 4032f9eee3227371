// `npm run build`'s last step (scripts/build.mjs): PGlite's initdb once, kept beside the build, so a
// first start on a new data directory loads its copy instead of running initdb (PGLITE_INITDB_COPY).
import path from 'node:path';
import { PGLITE_INITDB_COPY, writeInitdbCopy } from './client';

await writeInitdbCopy();
console.log(`PGlite's initdb kept as ${path.relative(process.cwd(), PGLITE_INITDB_COPY)}`);
