import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The daily five (issue 28): its card on the quiz list and its screen. */
export const dailyFiveCatalog = defineCatalog<keyof typeof en>(
  'daily-five',
  messages,
  () => import('catalog:./hi.json'),
);
