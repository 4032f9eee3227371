import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Web push reminders on the profile (issue 28). */
export const remindersCatalog = defineCatalog<keyof typeof en>(
  'reminders',
  messages,
  () => import('catalog:./hi.json'),
);
