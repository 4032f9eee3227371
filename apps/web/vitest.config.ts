import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { messageCatalogs } from './vite-catalogs.ts';

export default defineProject({
  plugins: [messageCatalogs(), react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    env: { TZ: 'Asia/Kolkata' },
  },
});
