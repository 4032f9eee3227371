// Writes dist/landing.html: the built index.html with the landing page rendered into its root, in
// English (issue 17: the landing page paints before any script). The server sends it for `/`; the
// browser hydrates it (apps/web/src/landing-main.tsx). Run after `vite build`, before precompress.
// The page is rendered through Vite's SSR module loader, so it is the same source, catalogues and all.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const webRoot = path.resolve(process.argv[2] ?? 'apps/web');
const dist = path.join(webRoot, 'dist');
const ROOT = '<div id="root"></div>';

const server = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { renderLanding } = await server.ssrLoadModule('/src/landing-prerender.tsx');
  const markup = renderLanding();
  if (!markup.includes('Start Practicing'))
    throw new Error('The prerendered landing page has no "Start Practicing"');
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!index.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
  writeFileSync(path.join(dist, 'landing.html'), index.replace(ROOT, `<div id="root">${markup}</div>`));
  console.log(`landing.html: ${Math.round(markup.length / 1024)} KB of prerendered markup`);
} finally {
  await server.close();
}
