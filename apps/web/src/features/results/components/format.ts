import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

/** "5th Dec 2026, 6:04:09 PM" in the device's time zone. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('Do MMM YYYY, h:mm:ss A');
}
