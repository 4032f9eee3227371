import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';
import { messageCatalogs } from './vite-catalogs.ts';

/** The PWA plugin's virtual module is not built for unit tests: a stub the tests replace with vi.mock. */
const PWA_REGISTER = 'virtual:pwa-register';
const pwaRegisterStub: Plugin = {
  name: 'quizcast:pwa-register-stub',
  resolveId: (id) => (id === PWA_REGISTER ? `\0${PWA_REGISTER}` : null),
  load: (id) => (id === `\0${PWA_REGISTER}` ? 'export const registerSW = () => async () => {};' : null),
};

export default defineProject({
  plugins: [messageCatalogs(), react(), pwaRegisterStub],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    env: { TZ: 'Asia/Kolkata' },
  },
});
