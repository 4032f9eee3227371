import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { messageCatalogs } from './vite-catalogs.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreload } from './route-preload.js';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * `vite build` is always a production build (issue 30, defect 2): Vite follows an exported
 * NODE_ENV, and the server's documented `NODE_ENV=development` made `npm start` ship React's
 * development build. Set in a config hook, which Vite runs before it reads NODE_ENV.
 * scripts/check-budgets.mjs fails on a build that carries React's development code.
 */
const productionBuild: Plugin = {
  name: 'quizcast:production-build',
  config(_config, { command }) {
    if (command === 'build') process.env.NODE_ENV = 'production';
  },
};

export default defineConfig({
  plugins: [
    productionBuild,
    messageCatalogs(),
    react(),
    tailwindcss(),
    routePreload(),
    // The service worker and manifest (ADR 013): Workbox generates the worker; only its push
    // handlers (public/push-sw.js, ADR 025) are written by hand.
    VitePWA({
      registerType: 'prompt',
      // Registered from the app (src/components/pwa/update-prompt.tsx) after the first paint.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Quizcast: audio-first quiz practice',
        short_name: 'Quizcast',
        description: 'Listen, answer, compete: quiz practice for UPSC, SSC, Banking, NEET and JEE aspirants.',
        start_url: '/quizzes',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#4c1d95',
        background_color: '#ffffff',
        lang: 'en-IN',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every script, style, the page, icons. Not the .br/.gz twins nor the manifest.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,webmanifest}'],
        // landing.html: the prerendered `/` for a first visit; offline, `/` opens from the shell.
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'fake-checkout.js', 'landing.html'],
        // No app-shell fallback for every navigation (vite-plugin-pwa's default): see the screens
        // route below, which gives a never-opened screen the offline page instead.
        navigateFallback: null,
        // Push reminders (issue 28, ADR 025): the push and notification-click handlers.
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        runtimeCaching: [
          {
            // Screens: one opened on this device before (recorded here on a page load, by the app's
            // rememberScreen within the app) opens with the precached app shell, online or not, and
            // then uses its device copy (an attempt reopens from it); any other screen comes from the
            // network, or is the plain offline page when there is none.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'visited-screens',
              matchOptions: { ignoreSearch: true },
              precacheFallback: { fallbackURL: '/offline.html' },
              plugins: [
                {
                  // The entry only says "visited": the answer is always the current shell, never an
                  // old copy whose scripts a new version has removed.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
                    cachedResponse &&
                    ((await caches.match('/index.html', { ignoreSearch: true })) ?? cachedResponse),
                },
              ],
            },
          },
          {
            // Question audio: kept after the first full download; seeking offline is answered from
            // the cached file with the Range the player asks for.
            urlPattern: ({ url }) => url.pathname.startsWith('/api/files/audio/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'question-audio',
              rangeRequests: true,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 },
            },
          },
        ],
      },
    }),
    process.env.ANALYZE
      ? {
          name: 'analyze',
          generateBundle(_o, bundle) {
            for (const c of Object.values(bundle)) {
              if (c.type !== 'chunk') continue;
              const mods = Object.entries(c.modules)
                .map(
                  ([id, m]) =>
                    [id.replace(/.*node_modules\//, '').replace(/.*\/src\//, ''), m.renderedLength] as const,
                )
                .filter(([, n]) => n > 1500)
                .sort((a, b) => b[1] - a[1]);
              console.log(`\n## ${c.fileName} imports=${c.imports.join(',')}`);
              for (const [id, n] of mods.slice(0, 25)) console.log(`  ${n}\t${id}`);
            }
          },
        }
      : null,
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React in one chunk, shared by the landing page's boot and the app's, and the libraries
          // every other screen needs in another (ADR 013): split in pieces by whatever first imports
          // them, they compress worse (the attempt screen's budget is tight).
          groups: [
            {
              name: 'react',
              // With Lingui and lucide's icon base (not the icons): every screen needs them.
              test: /node_modules[\\/]((react|react-dom|scheduler|@lingui[\\/]core)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/,
            },
            { name: 'app-libs', test: /node_modules[\\/](react-router|@tanstack|tailwind-merge)[\\/]/ },
          ],
        },
      },
    },
  },
});
