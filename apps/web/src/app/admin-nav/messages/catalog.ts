import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/**
 * The sidebar's Admin section, apart from the admin screens' catalogue: the sidebar ships to every
 * signed-in learner, the admin screens only to admins.
 */
export const adminNavCatalog = defineCatalog<keyof typeof en>(
  'adminNav',
  messages,
  () => import('catalog:./hi.json'),
);
