/** A JSON catalogue compiled at build time by vite-catalogs.ts. */
declare module 'catalog:*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
