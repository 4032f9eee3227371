import { z } from 'zod';
import { UNKNOWN_ID_ISSUE, uuidSchema } from './ids';

/**
 * Challenge links (issue 28, ADR 026): a learner shares a published result as `/c/<code>`. The public
 * card shows the quiz, score, rank, percentile and topic bars, with the learner's initials unless they
 * chose to show their name (and never when they chose initials only). Never a phone number, a photo or
 * an answer.
 */
export const CHALLENGE_RULES = {
  /** Links a learner may create (or re-create) per hour. */
  createPerHour: 20,
  /** Topic bars on a card (the topics with the most questions). */
  maxTopics: 4,
  /** The preview image, in pixels (the Open Graph size WhatsApp and others show). */
  imageWidth: 1200,
  imageHeight: 630,
} as const;

export const CHALLENGE_MESSAGES = {
  notFound: 'This link was withdrawn or does not exist',
  notPublished: 'Results are not published yet',
  notAttended: 'You have not attended this quiz',
  tooMany: 'Too many links shared. Please try again later.',
  withdrawn: 'Link withdrawn',
} as const;

/** 16 random bytes in base64url: 22 characters, unguessable. */
export const CHALLENGE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const challengeCodeSchema = z.string().regex(CHALLENGE_CODE_PATTERN);

/** A path code that cannot name a link is simply unknown: 404, as for a withdrawn one. */
export const challengeCodeParamsSchema = z.object({
  code: z.string().refine((v) => CHALLENGE_CODE_PATTERN.test(v), {
    error: CHALLENGE_MESSAGES.notFound,
    params: { [UNKNOWN_ID_ISSUE]: true },
  }),
});

/** POST /challenges */
export const createChallengeBodySchema = z.object({
  quizId: uuidSchema,
  /** Show my name on the card (off: initials). Ignored, initials shown, when the learner chose initials only. */
  showName: z.boolean({ message: 'showName must be true or false' }).default(false),
});
export type CreateChallengeBody = z.input<typeof createChallengeBodySchema>;

export const challengeTopicSchema = z.object({
  topic: z.string(),
  correct: z.number().int().min(0),
  total: z.number().int().min(1),
});

/** The public card: everything the page and the image show, and nothing more. */
export const challengeCardSchema = z.object({
  code: challengeCodeSchema,
  quizId: z.string(),
  quizName: z.string(),
  /** Initials, or the name when the learner chose to show it. */
  learner: z.string(),
  score: z.number(),
  maxScore: z.number(),
  rank: z.number().int().min(1),
  totalParticipants: z.number().int().min(1),
  percentile: z.number(),
  topics: z.array(challengeTopicSchema),
  /** The card's own language (the sharer's): the image's labels are in it. */
  lang: z.enum(['en', 'hi']),
  /** Relative, under /api: the preview PNG. */
  imageUrl: z.string(),
});
export type ChallengeCard = z.infer<typeof challengeCardSchema>;

/** A link of mine: the card plus when I made it. */
export const myChallengeSchema = challengeCardSchema.extend({
  createdAt: z.string(),
  showName: z.boolean(),
});
export type MyChallenge = z.infer<typeof myChallengeSchema>;

export const myChallengesResponseSchema = z.object({ links: z.array(myChallengeSchema) });
export type MyChallengesResponse = z.infer<typeof myChallengesResponseSchema>;

export const withdrawChallengeResponseSchema = z.object({ message: z.string() });
