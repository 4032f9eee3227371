import { z } from 'zod';
import { EDUCATION_LEVELS } from '../constants';
import { PHONE_PATTERN } from '../domain/phone';
import { LANGUAGES } from '../i18n/languages';
import { cleanDisplayText, hasVisibleLetter } from '../domain/display-text';
import { STUDENT_MESSAGES } from '../messages/student';

/** The participant as the client keeps it (local storage USER_PARTICIPANT) and the API returns it. */
export const participantUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phNo: z.string(),
  email: z.string().nullable().optional(),
  place: z.string(),
  school: z.string().nullable().optional(),
  class: z.string(),
  /** Same-origin path of the re-encoded photo (e.g. /api/files/avatars/<key>.webp), or null. */
  profilePicUrl: z.string().nullable().optional(),
  role: z.enum(['participant', 'admin']).default('participant'),
  /** Privacy (ADR 015): leaderboards show initials only; the photo may appear on the public podium. */
  initialsOnly: z.boolean().optional(),
  publicPhoto: z.boolean().optional(),
  /** Rehearses with compensatory time: every quiz's time × 4/3 (ADR 023). Off unless chosen. */
  compensatoryTime: z.boolean().optional(),
  /** The language the user chose ("en" or "hi"); null until they pick one (issue 18). */
  preferredLanguage: z.enum(LANGUAGES).nullable().optional(),
});
export type ParticipantUser = z.infer<typeof participantUserSchema>;

export { STUDENT_MESSAGES };

/** A string field that answers `required` when it is missing or blank (`wrongType` when not a string). */
function requiredText(required: string, wrongType: string = required) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrongType) })
    .trim()
    .min(1, { error: required, abort: true });
}

/** phNo for the send-OTP and login calls: "Phone number must be 10 digits". */
export const phoneSchema = requiredText(STUDENT_MESSAGES.phoneRequired, STUDENT_MESSAGES.phoneDigits).regex(
  PHONE_PATTERN,
  {
    error: STUDENT_MESSAGES.phoneDigits,
  },
);

/** phNo on the register form and the sign-up call: "Phone number must be exactly 10 digits". */
export const registerPhoneSchema = requiredText(
  STUDENT_MESSAGES.phoneRequired,
  STUDENT_MESSAGES.phoneExactDigits,
).regex(PHONE_PATTERN, {
  error: STUDENT_MESSAGES.phoneExactDigits,
});

export const educationLevelSchema = z.enum(EDUCATION_LEVELS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? STUDENT_MESSAGES.classRequired
      : STUDENT_MESSAGES.classInvalid,
});

/** A string cleaned for others to see (domain/display-text.ts); a lone surrogate is refused. */
function cleanedText(error?: () => string) {
  return z.string(error ? { error } : undefined).transform((value, ctx) => {
    const clean = cleanDisplayText(value);
    if (clean !== null) return clean;
    ctx.issues.push({ code: 'custom', message: STUDENT_MESSAGES.unreadableCharacters, input: value });
    return z.NEVER;
  });
}

/** Free text other people see (name, place): cleaned, required, with a visible letter (issue 29). */
function displayText(required: string, max: number, tooLong: string, noLetter: string) {
  return cleanedText(() => required).pipe(
    z
      .string()
      .min(1, { error: required, abort: true })
      .max(max, { error: tooLong })
      .refine(hasVisibleLetter, { error: noLetter }),
  );
}

/** Optional free text: cleaned as `displayText`; blank becomes null. */
const optionalText = (max: number, tooLong: string, noLetter: string) =>
  cleanedText()
    .pipe(
      z
        .string()
        .max(max, { error: tooLong })
        .refine((v) => v === '' || /[\p{L}\p{N}]/u.test(v), { error: noLetter }),
    )
    .nullish()
    .transform((v) => (v ? v : null));

/** The profile fields shared by sign-up and profile update (spec section 5). */
export const profileFieldsSchema = z.object({
  name: displayText(
    STUDENT_MESSAGES.nameRequired,
    80,
    STUDENT_MESSAGES.nameTooLong,
    STUDENT_MESSAGES.nameNoLetter,
  ),
  place: displayText(
    STUDENT_MESSAGES.placeRequired,
    80,
    STUDENT_MESSAGES.placeTooLong,
    STUDENT_MESSAGES.placeNoLetter,
  ),
  school: optionalText(120, STUDENT_MESSAGES.schoolTooLong, STUDENT_MESSAGES.schoolNoLetter),
  class: educationLevelSchema,
});
export type ProfileFields = z.output<typeof profileFieldsSchema>;

/**
 * Multipart text fields of PUT /students/update-profile (plus an optional `profilePicture` file).
 * `removeProfilePicture=true` deletes the current photo.
 */
export const updateProfileFieldsSchema = profileFieldsSchema.extend({
  removeProfilePicture: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type UpdateProfileFields = z.output<typeof updateProfileFieldsSchema>;

/** `{ data: user }`: GET /students/me and PUT /students/update-profile. */
export const userEnvelopeSchema = z.object({ data: participantUserSchema });
export type UserEnvelope = z.infer<typeof userEnvelopeSchema>;

/** GET /students/admin-get-all (admins only). */
/** Web forms (react-hook-form + zod resolver) use the same rules as the server. */
export const registerFormSchema = profileFieldsSchema.extend({ phNo: registerPhoneSchema });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export const profileFormSchema = profileFieldsSchema;
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** PUT /students/preferred-language: the signed-in user's language (issue 18). */
export const preferredLanguageBodySchema = z.object({
  preferredLanguage: z.enum(LANGUAGES, { error: 'preferredLanguage must be "en" or "hi"' }),
});
export type PreferredLanguageBody = z.infer<typeof preferredLanguageBodySchema>;
