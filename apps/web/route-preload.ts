import type { Plugin } from 'vite';

/**
 * The first screen's code starts downloading with the entry instead of after it: every route is
 * lazy, so without a hint the browser learns about the route's chunks only once the entry has run
 * (a second round trip on 3G). This writes a tiny classic script, loaded from the page's head
 * (no inline script: the CSP is 'self'), that adds <link rel="modulepreload"> for the chunks of the
 * screen being opened: the boot it needs (landing or app) and, for the screens in ROUTES, the
 * screen's own chunks. A chunk the entry already asked for (Vite's own preload of the boot's imports,
 * when the entry ran first) is not announced twice.
 */
const APP = 'src/app-main.tsx';
const ROUTES: { path: RegExp; modules: string[] }[] = [
  // The landing page boots on its own (src/main.tsx): none of the app's code.
  { path: /^\/$/, modules: ['src/landing-main.tsx'] },
  { path: /^\/login\/?$/, modules: [APP, 'src/features/auth/components/login-page.tsx'] },
  { path: /^\/register\/?$/, modules: [APP, 'src/features/auth/components/register-page.tsx'] },
  {
    path: /^\/quizzes\/?$/,
    modules: [
      APP,
      'src/app/layouts/signed-in-layout.tsx',
      // The quiz list with the streak composed in (issue 28).
      'src/app/routes/quiz-list-route.tsx',
    ],
  },
  {
    path: /^\/quizzes\/attend\/?$/,
    modules: [
      APP,
      'src/app/layouts/signed-in-layout.tsx',
      'src/features/quizzes/components/quiz-attempt-page.tsx',
    ],
  },
  // Any other screen: at least the app's boot (its own route chunk is found once the router runs).
  { path: /^\//, modules: [APP] },
];

export function routePreload(): Plugin {
  let fileName = '';
  return {
    name: 'quizcast-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const closure = (start: string[], skip = new Set<string>()) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file) || skip.has(file)) return;
          seen.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        start.forEach(visit);
        return seen;
      };
      const inEntry = closure([entry.fileName]);
      const map = ROUTES.map(({ path, modules }) => {
        const files = modules.map((m) => {
          const chunk = [...byModule.entries()].find(([id]) => id.endsWith(m))?.[1];
          if (!chunk) this.error(`route-preload: no chunk for ${m}`);
          return chunk.fileName;
        });
        return [path.source, [...closure(files, inEntry)].map((f) => `/${f}`)] as const;
      });
      const source = `(function(){var m=${JSON.stringify(map)},p=location.pathname;for(var i=0;i<m.length;i++){if(new RegExp(m[i][0]).test(p)){m[i][1].forEach(function(h){if(document.querySelector('link[href="'+h+'"]'))return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});return}}})();`;
      fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        return fileName
          ? [{ tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head' }]
          : [];
      },
    },
  };
}
