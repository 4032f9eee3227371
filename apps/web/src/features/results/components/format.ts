import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

import type { Language } from '@quizcast/contract/i18n/languages';
import { formatDateTime as formatLocalDateTime } from '../../../i18n/format';

/** "5th Dec 2026, 6:04:09 PM" in the device's time zone; in Hindi "5 दिस॰ 2026, 6:04:09 PM" (Intl). */
export function formatDateTime(iso: string, language: Language): string {
  return formatLocalDateTime(iso, language, dayjs(iso).format('Do MMM YYYY, h:mm:ss A'));
}
