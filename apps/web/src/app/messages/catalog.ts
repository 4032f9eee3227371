import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../i18n/i18n';
import type en from './en.json';

/** The signed-in layout's chrome (sidebar, top bar, user menu) and the not-found page. */
export const appCatalog = defineCatalog<keyof typeof en>('app', messages, () => import('catalog:./hi.json'));
