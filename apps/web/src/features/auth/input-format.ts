import { OTP_DIGITS } from '@quizcast/contract/constants';

/** Only digits reach the phone field (a pasted "+91 98765-43210" keeps its digits). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** A paste counts only when exactly 6 digits remain after stripping everything else (spec section 5). */
export function pastedOtp(text: string): string | null {
  const digits = digitsOnly(text);
  return digits.length === OTP_DIGITS ? digits : null;
}
