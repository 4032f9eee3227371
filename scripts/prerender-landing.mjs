// Writes dist/landing.html: the built index.html with the landing page rendered into its root, in
// English (issue 17: the landing page paints before any script). The server sends it for `/`; the
// browser hydrates it (apps/web/src/landing-main.tsx). Run after `vite build`, before precompress.
// The page is rendered through Vite's SSR module loader, so it is the same source, catalogues and all.
//
// Nothing but the HTML is on the first paint's path (ADR 013):
// - the CSS rules the prerendered markup uses are inlined in a <style> (beasties picks them);
// - the stylesheet, the entry script and its modulepreloads are not in the HTML: a tiny classic
//   script (assets/landing-boot-<hash>.js, async) adds them once the page has painted, so on a slow
//   network the first paint does not share the line with ~90 KB of JavaScript it does not need.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Beasties from 'beasties';
import { createServer } from 'vite';
import { screenChunks } from './check-budgets.mjs';

const webRoot = path.resolve(process.argv[2] ?? 'apps/web');
const dist = path.join(webRoot, 'dist');
const ROOT = '<div id="root"></div>';
/** Where the boot script keeps an install offer that comes before the app's code (install-prompt.ts). */
const INSTALL_OFFER = '__quizcastInstallOffer';
/** The landing page's boot (apps/web/src/main.tsx imports it on `/`). */
const LANDING_BOOT = 'src/landing-main.tsx';

async function renderMarkup() {
  const server = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const { renderLanding } = await server.ssrLoadModule('/src/landing-prerender.tsx');
    return renderLanding();
  } finally {
    await server.close();
  }
}

/**
 * The classic script that starts the landing page's JavaScript after the first paint: the
 * stylesheet (rules the prerendered markup does not use: the podium, toasts, dialogs), then the
 * entry and every chunk the landing boot imports statically, all at once (no request chain).
 * "After the first paint" is once the whole page is parsed and the browser has reported its first
 * contentful paint (the paint timing entry comes once the frame is on screen; a requestAnimationFrame
 * callback runs before it is); at most 3 s after parsing, or at once in a hidden tab (opened in the
 * background: no paint to wait for).
 */
function bootScript({ css, entry, preloads }) {
  const data = JSON.stringify({ css, entry, preloads });
  // Chrome may offer installing before the app's code has run: keep the offer for the "Install app"
  // button (apps/web/src/components/pwa/install-prompt.ts reads window.${INSTALL_OFFER}).
  return `(function(){var d=${data};addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.${INSTALL_OFFER}=e});function add(r,h,m){var l=document.createElement(r==='script'?'script':'link');if(r==='script'){l.type='module';l.src=h}else{l.rel=r;l.href=h}if(m)l.crossOrigin='';document.head.appendChild(l)}var started=false;function boot(){if(started)return;started=true;d.css.forEach(function(h){add('stylesheet',h,true)});d.preloads.forEach(function(h){add('modulepreload',h,true)});add('script',d.entry,true)}function afterPaint(){if(document.visibilityState==='hidden')return boot();var later=setTimeout(boot,3000);try{new PerformanceObserver(function(list,observer){if(!list.getEntriesByName('first-contentful-paint').length)return;observer.disconnect();clearTimeout(later);setTimeout(boot,0)}).observe({type:'paint',buffered:true})}catch(e){clearTimeout(later);requestAnimationFrame(function(){setTimeout(boot,0)})}}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',afterPaint);else afterPaint()})();\n`;
}

function hashed(name, source) {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `assets/${name}-${hash}.js`;
}

const markup = await renderMarkup();
if (!markup.includes('Start Practicing'))
  throw new Error('The prerendered landing page has no "Start Practicing"');
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!index.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = manifest['index.html'];
const css = (entry.css ?? []).map((file) => `/${file}`);
const preloads = screenChunks(manifest, [LANDING_BOOT])
  .filter((file) => file !== entry.file)
  .map((file) => `/${file}`);

// Inline the rules the markup uses; `preload: false` leaves the <link> alone (removed below, the
// boot script adds it): beasties' own ways of loading the rest use inline handlers the CSP forbids.
const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  preload: false,
  pruneSource: false,
  inlineFonts: false,
  preloadFonts: false,
  fonts: false,
  // Tailwind names its animations through variables (animate-spin), which beasties cannot follow.
  keyframes: 'all',
  // Rules beasties cannot match to the markup but the page needs before the stylesheet arrives: the
  // focus ring and the press feedback (index.css), Tailwind's space-*/divide-* (`:where(.space-y-3 >
  // :not(:last-child))`; 9 rules, ~2 KB). e2e/pwa.spec.ts checks the stylesheet then moves nothing.
  allowRules: [/:focus-visible/, /:active/, /^:where\(\.(space|divide)-/],
  compress: true,
  logLevel: 'warn',
});
let html = await beasties.process(index.replace(ROOT, `<div id="root">${markup}</div>`));

// beasties marks the element it worked on; nothing reads the mark.
html = html.replace(/ data-beasties-container(="")?/, '');

const boot = bootScript({ css, entry: `/${entry.file}`, preloads });
for (const old of readdirSync(path.join(dist, 'assets')).filter((f) => f.startsWith('landing-boot-')))
  unlinkSync(path.join(dist, 'assets', old));
const bootFile = hashed('landing-boot', boot);
writeFileSync(path.join(dist, bootFile), boot);

const removals = [
  // Vite's entry, its modulepreloads and the stylesheet: the boot script adds them after the paint.
  /\s*<script type="module"[^>]*src="\/assets\/[^"]+"[^>]*><\/script>/g,
  /\s*<link rel="modulepreload"[^>]*>/g,
  /\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g,
  // index.html's route preloader: the boot script knows the landing page's chunks itself.
  /\s*<script src="\/assets\/route-preload-[^"]+"[^>]*><\/script>/g,
];
for (const pattern of removals) {
  if (!pattern.test(html)) throw new Error(`landing.html: nothing matched ${pattern} (index.html changed?)`);
  html = html.replace(pattern, '');
}
html = html.replace('</head>', `  <script src="/${bootFile}" async></script>\n  </head>`);
if (/<link rel="stylesheet"|<script type="module"/.test(html))
  throw new Error('landing.html still loads a stylesheet or a module script before the first paint');
writeFileSync(path.join(dist, 'landing.html'), html);

const style = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
console.log(
  `landing.html: ${Math.round(markup.length / 1024)} KB of prerendered markup, ` +
    `${Math.round(style.length / 1024)} KB of inlined CSS; ${bootFile} starts ${preloads.length + 1} scripts after the first paint`,
);
