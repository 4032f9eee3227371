import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The admin audit log screen. */
export const auditLogCatalog = defineCatalog<keyof typeof en>(
  'auditLog',
  messages,
  () => import('catalog:./hi.json'),
);
