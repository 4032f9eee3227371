import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The profile's privacy, sign-out and account-deletion sections, and the "account deleted" page. */
export const profileCatalog = defineCatalog<keyof typeof en>(
  'profile',
  messages,
  () => import('catalog:./hi.json'),
);
