import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Unlocking a quiz: the button, the payment dialog and its toasts. */
export const paymentsCatalog = defineCatalog<keyof typeof en>(
  'payments',
  messages,
  () => import('catalog:./hi.json'),
);
