import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/**
 * The admin area's own words: the sidebar's Admin section and the guard on admin URLs. Apart from the
 * admin screens' catalogues: the sidebar ships to every signed-in learner, the admin screens only to admins.
 */
export const adminAreaCatalog = defineCatalog<keyof typeof en>(
  'adminArea',
  messages,
  () => import('catalog:./hi.json'),
);
