import { z } from 'zod';

/**
 * Web push reminders (issue 28): the learner's switches, their browsers' subscriptions, and what a
 * push carries to the service worker.
 */

export const REMINDER_KINDS = ['quiz_opening', 'results', 'review_due', 'daily_five'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_MESSAGES = {
  saved: 'Reminder settings saved',
  subscribed: 'Reminders are on for this browser',
  unsubscribed: 'Reminders are off for this browser',
  endpointInvalid: 'The push endpoint must be an https URL of at most 1000 characters',
  keysInvalid: 'The subscription keys are not valid',
  pushUnavailable: 'Reminders are not available on this server',
  dailyFiveAtInvalid: 'The reminder time must be between 07:00 and 21:59 (quiet hours are 22:00–07:00)',
} as const;

/** The daily five's reminder time by default (IST), and the hours it may take (outside quiet hours). */
export const DAILY_FIVE_DEFAULT_AT = '08:00';
/** 'HH:MM' (IST) → minutes after midnight, and back. */
export const minuteOfDay = (at: string) => Number(at.slice(0, 2)) * 60 + Number(at.slice(3, 5));
export const timeOfDay = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A reminder time: 07:00–21:59, since 22:00–07:00 IST are quiet hours. */
export const dailyFiveAtSchema = z
  .string({ message: REMINDER_MESSAGES.dailyFiveAtInvalid })
  .regex(/^(0[7-9]|1\d|2[01]):[0-5]\d$/, { message: REMINDER_MESSAGES.dailyFiveAtInvalid });

const base64Url = (min: number, max: number) =>
  z
    .string({ message: REMINDER_MESSAGES.keysInvalid })
    .min(min, { message: REMINDER_MESSAGES.keysInvalid })
    .max(max, { message: REMINDER_MESSAGES.keysInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: REMINDER_MESSAGES.keysInvalid });

/** What `PushSubscription.toJSON()` gives (expirationTime ignored). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ message: REMINDER_MESSAGES.endpointInvalid })
    .max(1000, { message: REMINDER_MESSAGES.endpointInvalid })
    .url({ message: REMINDER_MESSAGES.endpointInvalid })
    .refine((v) => v.startsWith('https://'), { message: REMINDER_MESSAGES.endpointInvalid }),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes = 87 characters) and a 16-byte secret (22 characters).
    p256dh: base64Url(86, 90),
    auth: base64Url(21, 26),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const unsubscribeBodySchema = z.object({ endpoint: pushSubscriptionBodySchema.shape.endpoint });

export const reminderSwitchesSchema = z.object({
  quizOpening: z.boolean(),
  results: z.boolean(),
  reviewDue: z.boolean(),
  /** The daily five is ready (at `dailyFiveAt`); absent in a save: unchanged. */
  dailyFive: z.boolean().optional(),
  /** The daily five's reminder time, 'HH:MM' IST; absent in a save: unchanged. */
  dailyFiveAt: dailyFiveAtSchema.optional(),
});
export type ReminderSwitches = z.infer<typeof reminderSwitchesSchema>;

export const reminderSettingsResponseSchema = z.object({
  /** The server's VAPID public key (base64url) for `pushManager.subscribe`; null: push is off here. */
  publicKey: z.string().nullable(),
  switches: reminderSwitchesSchema,
  /** Browsers of this learner with a live subscription. */
  subscriptions: z.number().int().min(0),
});
export type ReminderSettingsResponse = z.infer<typeof reminderSettingsResponseSchema>;

export const reminderMessageResponseSchema = z.object({ message: z.string() });

/** The JSON a push carries; the service worker shows it and opens `url` (same origin) on a tap. */
export const pushPayloadSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  /** Replaces an earlier notification with the same tag. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
