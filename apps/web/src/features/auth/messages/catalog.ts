import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Login, register and the OTP dialog. */
export const authCatalog = defineCatalog<keyof typeof en>(
  'auth',
  messages,
  () => import('catalog:./hi.json'),
);
