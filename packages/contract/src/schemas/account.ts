import { z } from 'zod';

/** Accounts: sign-out, privacy choices, account deletion, the admin audit log (issue 15, ADR 015). */
export const ACCOUNT_MESSAGES = {
  loggedOut: 'Logged out',
  privacySaved: 'Privacy settings saved',
  accountDeleted: 'Your account and personal data have been deleted',
  deleteConfirmWord: 'DELETE',
  deleteConfirmMismatch: 'Type DELETE to confirm',
  otpLockedOut:
    'Too many wrong codes for this number. For your safety, sign-in with this number is locked for now. Please try again later.',
  smsBudgetExhausted: 'We are sending too many codes right now. Please try again in a few minutes.',
  serviceBusy: 'This service is briefly unavailable. Please try again in a moment.',
  devAidLocalOnly: 'Development aids answer only on this machine',
} as const;

/** PUT /students/privacy */
export const privacySettingsSchema = z.object({
  /** Leaderboards and the public podium show the initials of the name only. */
  initialsOnly: z.boolean(),
  /** The photo may appear on the public podium (the landing page). */
  publicPhoto: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** PUT /students/compensatory-time: rehearse with 20 minutes per hour more (ADR 023). */
export const compensatoryTimeBodySchema = z.object({ compensatoryTime: z.boolean() });
export type CompensatoryTimeBody = z.infer<typeof compensatoryTimeBodySchema>;

/** POST /students/delete-account: the learner types DELETE to confirm. */
export const deleteAccountBodySchema = z.object({
  confirm: z.literal(ACCOUNT_MESSAGES.deleteConfirmWord, { error: ACCOUNT_MESSAGES.deleteConfirmMismatch }),
});

export const AUDIT_ACTIONS = [
  'quiz.create',
  'quiz.update',
  'quiz.delete',
  'quiz.import_questions',
  'quiz.key_correction',
  'quiz.extra_time',
  'user.promote',
  'user.demote',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The admin's name, or "system (ADMIN_PHONES)" / "system (npm run admin)". */
  actor: z.string(),
  actorId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1–100').max(100, 'limit must be 1–100').default(50),
});

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** "Asha Kumari" → "A. K." (what leaderboards show for a learner who chose initials only). */
export function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => `${Array.from(p)[0]!.toUpperCase()}.`);
  return parts.length > 0 ? parts.join(' ') : '—';
}
