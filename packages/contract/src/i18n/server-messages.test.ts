import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '../errors';
import { AUTH_MESSAGES } from '../schemas/auth';
import { PAYMENT_MESSAGES } from '../schemas/payment';
import { QUESTION_AUDIO_MESSAGES } from '../schemas/question-audio';
import { QUIZ_MESSAGES } from '../schemas/quiz';
import { RESULT_MESSAGES } from '../schemas/result';
import { REVIEW_MESSAGES } from '../messages/review';
import { REMINDER_MESSAGES } from '../schemas/reminders';
import { PRACTICE_MESSAGES } from '../messages/practice';
import { STUDENT_MESSAGES } from '../schemas/student';
import { localiseMessage, localiseMessages } from './server-messages';
import { SERVER_MESSAGE_PATTERNS_HI, SERVER_MESSAGES_HI } from './server-messages.hi';

const hi = { exact: SERVER_MESSAGES_HI, patterns: SERVER_MESSAGE_PATTERNS_HI };
const DEVANAGARI = /[\u0900-\u097F]/;

/** Every message constant the server and the web share: each must have its Hindi. */
const CATALOGUES = {
  AUTH_MESSAGES,
  STUDENT_MESSAGES,
  QUIZ_MESSAGES,
  RESULT_MESSAGES,
  PAYMENT_MESSAGES,
  QUESTION_AUDIO_MESSAGES,
  REVIEW_MESSAGES,
  REMINDER_MESSAGES,
  PRACTICE_MESSAGES,
  GENERIC_MESSAGES,
};
/** Not sentences: shown as they are in both languages. */
const UNTRANSLATED = new Set<string>([STUDENT_MESSAGES.guestEmail]);

describe('server messages in Hindi', () => {
  for (const [name, messages] of Object.entries(CATALOGUES)) {
    it(`has Hindi for every message of ${name}`, () => {
      const missing = Object.entries(messages)
        .map(([key, value]) => [key, typeof value === 'function' ? value(30) : value] as const)
        .filter(([, english]) => !UNTRANSLATED.has(english))
        .filter(([, english]) => !DEVANAGARI.test(localiseMessage(english, 'hi', hi)))
        .map(([key]) => `${name}.${key}`);
      expect(missing).toEqual([]);
    });
  }

  it('keeps English as it is, and unknown messages unchanged in Hindi', () => {
    expect(localiseMessage(QUIZ_MESSAGES.alreadySubmitted, 'en', hi)).toBe('Already Submitted');
    expect(localiseMessage(QUIZ_MESSAGES.alreadySubmitted, 'hi', hi)).toBe('क्विज़ पहले ही जमा हो चुका है');
    expect(localiseMessage('Something only an admin sees', 'hi', hi)).toBe('Something only an admin sees');
    expect(localiseMessage('constructor', 'hi', hi)).toBe('constructor');
  });

  it('fills the varying part of a message (a number, an id)', () => {
    expect(localiseMessage(AUTH_MESSAGES.resendCooldown(27), 'hi', hi)).toBe('नया OTP माँगने से पहले 27 सेकंड रुकें।');
    expect(localiseMessage('Unknown question: q-7', 'hi', hi)).toBe('यह प्रश्न इस क्विज़ में नहीं है: q-7');
  });

  it('localises each message of a validation list', () => {
    expect(
      localiseMessages([STUDENT_MESSAGES.nameRequired, STUDENT_MESSAGES.placeRequired], 'hi', hi),
    ).toEqual(['नाम डालना ज़रूरी है', 'जगह डालना ज़रूरी है']);
  });
});
