import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/**
 * The guard on admin URLs ("Not allowed" for a learner): loaded with the admin routes, apart from the
 * sidebar's small `adminNav` catalogue that every signed-in learner's sidebar carries.
 */
export const adminGuardCatalog = defineCatalog<keyof typeof en>(
  'adminGuard',
  messages,
  () => import('catalog:./hi.json'),
);
