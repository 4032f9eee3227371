import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The admin lists' shared parts (pager, list states): loaded with the admin screens, not every screen. */
export const listsCatalog = defineCatalog<keyof typeof en>(
  'lists',
  messages,
  () => import('catalog:./hi.json'),
);
