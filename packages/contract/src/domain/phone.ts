/** Ten digits: a phone number as the send-OTP, login and sign-up calls take it (schemas/student). */
export const PHONE_PATTERN = /^[0-9]{10}$/;

/** Whether `value` is a phone number the API takes (what phoneSchema accepts), without zod. */
export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}
