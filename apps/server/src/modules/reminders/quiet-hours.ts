/** Quiet hours (issue 28): no reminder is pushed from 22:00 to 07:00 India time. */

const IST_OFFSET_MS = 330 * 60_000;
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 7;

export function inQuietHours(now: Date): boolean {
  const hour = new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}
