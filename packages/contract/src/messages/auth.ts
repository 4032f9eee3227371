// Messages without schemas: the login screen shows them before it needs zod (issue 17).
// The schema module (schemas/auth) re-exports them, so existing imports keep working.

/** Messages of the OTP calls (issue 3; spec section 8 for the client's fallbacks). */
export const AUTH_MESSAGES = {
  otpSent: 'OTP sent successfully',
  sendFailed: 'Failed to send OTP',
  invalidOtp: 'Invalid OTP',
  expiredOtp: 'OTP expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts. Please request a new OTP.',
  tooManyPhoneRequests: 'Too many OTP requests for this number. Please try again later.',
  tooManyIpRequests: 'Too many OTP requests. Please try again later.',
  resendCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP.`,
  somethingWentWrong: 'Something went wrong',
  otpRequired: 'OTP is required',
  otpDigits: 'OTP must be 6 digits',
  loggedOutEverywhere: 'Logged out from all devices',
} as const;
