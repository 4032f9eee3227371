import { z } from 'zod';
import { AUTH_MESSAGES } from '../messages/auth';
import { participantUserSchema, phoneSchema, profileFieldsSchema, registerPhoneSchema } from './student';

export const OTP_PURPOSES = ['login', 'signup'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export { AUTH_MESSAGES };

export const otpCodeSchema = z
  .string({ error: AUTH_MESSAGES.otpRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.otpRequired, abort: true })
  .regex(/^[0-9]{6}$/, { error: AUTH_MESSAGES.otpDigits });

/** POST /students/signup-send-otp and /students/login-send-otp. */
export const sendOtpBodySchema = z.object({ phNo: phoneSchema });
export type SendOtpBody = z.input<typeof sendOtpBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Multipart text fields of POST /students/signup (plus an optional `profilePicture` file). */
export const signupFieldsSchema = profileFieldsSchema.extend({
  phNo: registerPhoneSchema,
  otp: otpCodeSchema,
});
export type SignupFields = z.output<typeof signupFieldsSchema>;

/** POST /students/login-verify-otp. */
export const verifyOtpBodySchema = z.object({ phNo: phoneSchema, otp: otpCodeSchema });
export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;

/** Login and sign-up answer with the user's fields plus the session token (spec section 3). */
export const authResponseSchema = participantUserSchema.extend({ accessToken: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/dev/outbox?phNo= (console SMS provider, never in production). */
export const devOutboxQuerySchema = z.object({ phNo: phoneSchema });
export const devOutboxEntrySchema = z.object({
  phNo: z.string(),
  otp: z.string(),
  purpose: z.enum(OTP_PURPOSES),
  sentAt: z.string(),
});
export type DevOutboxEntry = z.infer<typeof devOutboxEntrySchema>;
