/** Business constants from spec section 9. One place, imported by server and web. */

export const STORAGE_KEYS = {
  user: 'USER_PARTICIPANT',
  accessToken: 'ACCESS_TOKEN_PARTICIPANT',
  pendingPayment: 'PENDING_PAYMENT_ID',
  /** Listen settings on this device: `{ rate, voiceURI }`. */
  listenSettings: 'QUIZCAST_LISTEN_SETTINGS',
  /** "1" when audio mode is on for attempts on this device. */
  audioMode: 'QUIZCAST_AUDIO_MODE',
  /** The language chosen on this device: "en" or "hi" (issue 18). */
  language: 'QUIZCAST_LANGUAGE',
  /** "1" once the learner dismissed the "no Hindi voice on this device" notice (issue 18). */
  noHindiVoiceNotice: 'QUIZCAST_NO_HINDI_VOICE_SEEN',
} as const;

export const EDUCATION_LEVELS = [
  'Lower Primary',
  'Upper Primary',
  'High School',
  'Higher Secondary',
  'Preparing for Competitive exams',
  'Other',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const EXAM_FAMILIES = ['UPSC', 'SSC', 'Banking', 'NEET', 'JEE'] as const;
export type ExamFamily = (typeof EXAM_FAMILIES)[number];

export const PHONE_DIGITS = 10;
export const OTP_DIGITS = 6;
/** Seconds before another code can be requested (the server's default OTP_RESEND_COOLDOWN_SECONDS). */
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const QUIZ_LIST_PAGE_SIZE = 10;
export const QUIZ_LIST_FIRST_PAGE = 1;
export const QUIZ_LIST_MAX_LIMIT = 50;

/** ₹10 in paise; GST 18% is added on top (₹11.80 charged). */
export const UNLOCK_PRICE_PAISE = 1000;
export const GST_PERCENT = 18;
export const CURRENCY = 'INR';

export const PAYMENT_POLL_INTERVAL_MS = 5000;

export const TIMER_WARNING_SECONDS = 60;
export const POINTS_PER_CORRECT_ANSWER = 1;

export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  swipeThreshold: 45,
  hotkey: ['altKey', 'KeyT'],
  position: 'bottom-right',
  flowPosition: 'top-right',
} as const;

export const LAYOUT = {
  sidebarWidthPx: 300,
  topBarHeightPx: 80,
  /** Tailwind's md breakpoint: below it the sidebar collapses behind a menu toggle. */
  mobileBreakpointPx: 768,
} as const;

export const RANK_TIERS = { gold: 1, amber: 3, purple: 10 } as const;

export const PODIUM_SIZE = 3;

export const POSTER = {
  pictureDiameterPx: 660,
  pictureX: 280,
  pictureY: 380,
  nameOffsetBelowPx: 100,
  nameFont: 'bold 60px sans-serif',
  nameColor: '#ffffff',
  fallbackName: 'User Name',
  fileName: 'quiz-poster.png',
} as const;

/** The latest result is public and on the landing page: each instance answers from memory this long. */
export const LATEST_RESULT_CACHE_SECONDS = 15;
