import { AUTH_MESSAGES } from '../schemas/auth';
import { PAYMENT_MESSAGES } from '../schemas/payment';
import { QUESTION_AUDIO_MESSAGES } from '../schemas/question-audio';
import { QUIZ_MESSAGES } from '../messages/quiz';
import { RESULT_MESSAGES } from '../schemas/result';
import { REVIEW_MESSAGES } from '../messages/review';
import { REMINDER_MESSAGES } from '../schemas/reminders';
import { PRACTICE_MESSAGES } from '../messages/practice';
import { STUDENT_MESSAGES } from '../messages/student';
import { GENERIC_MESSAGES } from '../errors';
import { ADMIN_MESSAGE_PATTERNS_HI, ADMIN_MESSAGES_HI } from './admin-messages.hi';

/**
 * The API's messages in Hindi (issue 18), keyed by the English the server throws. The server's error
 * handler picks them by `Accept-Language`; the web app loads this file only once Hindi is chosen, to
 * show its own copies of these messages (form validation, toasts) in Hindi. English stays the key, so
 * the spec's English strings are never changed. `server-messages.test.ts` fails when a message in the
 * constants below has no Hindi here.
 */
export const SERVER_MESSAGES_HI: Readonly<Record<string, string>> = {
  // Sign-in and OTP
  [AUTH_MESSAGES.otpSent]: 'OTP भेज दिया गया है',
  [AUTH_MESSAGES.sendFailed]: 'OTP नहीं भेज पाए',
  [AUTH_MESSAGES.invalidOtp]: 'OTP गलत है',
  [AUTH_MESSAGES.expiredOtp]: 'OTP की समय-सीमा खत्म हो गई। कृपया नया OTP मँगाएँ।',
  [AUTH_MESSAGES.tooManyAttempts]: 'बहुत बार गलत OTP डाला गया। कृपया नया OTP मँगाएँ।',
  [AUTH_MESSAGES.tooManyPhoneRequests]: 'इस नंबर पर बहुत ज़्यादा OTP माँगे जा चुके हैं। कृपया थोड़ी देर बाद कोशिश करें।',
  [AUTH_MESSAGES.tooManyIpRequests]: 'बहुत ज़्यादा OTP माँगे जा चुके हैं। कृपया थोड़ी देर बाद कोशिश करें।',
  [AUTH_MESSAGES.somethingWentWrong]: 'कुछ गड़बड़ हो गई',
  [AUTH_MESSAGES.otpRequired]: 'OTP डालना ज़रूरी है',
  [AUTH_MESSAGES.otpDigits]: 'OTP 6 अंकों का होना चाहिए',
  [AUTH_MESSAGES.loggedOutEverywhere]: 'सभी डिवाइस से लॉग आउट कर दिया गया',
  'Missing access token': 'कृपया पहले लॉग इन करें',
  'Invalid or expired token': 'आपका सेशन खत्म हो गया है। कृपया फिर से लॉग इन करें।',
  'Session has ended. Please log in again.': 'आपका सेशन खत्म हो गया है। कृपया फिर से लॉग इन करें।',
  Unauthorized: 'कृपया पहले लॉग इन करें',
  'Forbidden resource': 'आपको इसकी अनुमति नहीं है',

  // Profile and sign-up validation (spec section 5)
  [STUDENT_MESSAGES.phoneRequired]: 'फ़ोन नंबर डालना ज़रूरी है',
  [STUDENT_MESSAGES.phoneDigits]: 'फ़ोन नंबर 10 अंकों का होना चाहिए',
  [STUDENT_MESSAGES.phoneExactDigits]: 'फ़ोन नंबर पूरे 10 अंकों का होना चाहिए',
  [STUDENT_MESSAGES.nameRequired]: 'नाम डालना ज़रूरी है',
  [STUDENT_MESSAGES.placeRequired]: 'जगह डालना ज़रूरी है',
  [STUDENT_MESSAGES.classRequired]: 'कक्षा चुनना ज़रूरी है',
  [STUDENT_MESSAGES.classInvalid]: 'कृपया सूची में से पढ़ाई का स्तर चुनें',
  [STUDENT_MESSAGES.nameTooLong]: 'नाम 80 अक्षरों से लंबा नहीं हो सकता',
  [STUDENT_MESSAGES.placeTooLong]: 'जगह 80 अक्षरों से लंबी नहीं हो सकती',
  [STUDENT_MESSAGES.schoolTooLong]: 'संस्थान का नाम 120 अक्षरों से लंबा नहीं हो सकता',
  [STUDENT_MESSAGES.nameNoLetter]: 'नाम में कम से कम एक अक्षर होना चाहिए',
  [STUDENT_MESSAGES.placeNoLetter]: 'जगह में कम से कम एक अक्षर होना चाहिए',
  [STUDENT_MESSAGES.schoolNoLetter]: 'संस्थान के नाम में कम से कम एक अक्षर या अंक होना चाहिए',
  [STUDENT_MESSAGES.unreadableCharacters]: 'कृपया वे अक्षर हटाएँ जो दिखाए नहीं जा सकते (� की तरह दिखते हैं)',
  [STUDENT_MESSAGES.imageType]: 'कृपया कोई फ़ोटो (इमेज फ़ाइल) चुनें',
  [STUDENT_MESSAGES.imageSize]: 'फ़ोटो 2MB से छोटी होनी चाहिए',
  [STUDENT_MESSAGES.registered]: 'आपका अकाउंट बन गया है',
  [STUDENT_MESSAGES.phoneTaken]: 'यह फ़ोन नंबर पहले से रजिस्टर है',
  [STUDENT_MESSAGES.noAccount]: 'इस नंबर से कोई अकाउंट नहीं मिला। कृपया पहले रजिस्टर करें।',
  [STUDENT_MESSAGES.profileUpdated]: 'प्रोफ़ाइल अपडेट हो गई',
  [STUDENT_MESSAGES.profileUpdateFailed]: 'प्रोफ़ाइल अपडेट नहीं हो पाई',
  [STUDENT_MESSAGES.profileLoadFailed]: 'प्रोफ़ाइल नहीं खुल पाई',
  [STUDENT_MESSAGES.notProvided]: 'नहीं दिया गया',
  [STUDENT_MESSAGES.logoutConfirm]: 'क्या आप सच में लॉग आउट करना चाहते हैं?',
  [STUDENT_MESSAGES.guestName]: 'मेहमान',
  [STUDENT_MESSAGES.guestEmail]: STUDENT_MESSAGES.guestEmail,
  'Only one photo can be uploaded': 'सिर्फ़ एक फ़ोटो अपलोड की जा सकती है',
  'Too many form fields': 'फ़ॉर्म में बहुत ज़्यादा फ़ील्ड हैं',

  // Quizzes and attempts
  // Practice and drills (issue 27)
  [PRACTICE_MESSAGES.attemptNotFound]: 'अभ्यास नहीं मिला',
  [PRACTICE_MESSAGES.locked]: 'इस क्विज़ का अभ्यास करने के लिए पहले इसे अनलॉक करें',
  [PRACTICE_MESSAGES.alreadySubmitted]: 'यह अभ्यास पहले ही जमा हो चुका है',
  [PRACTICE_MESSAGES.timeOver]: 'इस अभ्यास का समय खत्म हो गया',
  [PRACTICE_MESSAGES.emptyDrill]: 'इस ड्रिल के लिए अभी कोई प्रश्न नहीं है',
  [QUIZ_MESSAGES.notFound]: 'क्विज़ नहीं मिला',
  [QUIZ_MESSAGES.alreadyAttended]: 'आप यह क्विज़ पहले ही दे चुके हैं',
  [QUIZ_MESSAGES.alreadySubmitted]: 'क्विज़ पहले ही जमा हो चुका है',
  [QUIZ_MESSAGES.notOpen]: 'यह क्विज़ अभी खुला नहीं है',
  [QUIZ_MESSAGES.locked]: 'यह क्विज़ देने के लिए पहले इसे अनलॉक करें',
  [QUIZ_MESSAGES.timeOver]: 'समय खत्म हो गया। आपके सेव किए गए जवाब जमा कर दिए गए।',
  [QUIZ_MESSAGES.notStarted]: 'जवाब सेव करने से पहले क्विज़ शुरू करें',
  [QUIZ_MESSAGES.submitNotStarted]: 'जमा करने से पहले क्विज़ शुरू करें',
  [QUIZ_MESSAGES.tooManySaves]: 'बहुत ज़्यादा अनुरोध हो गए। थोड़ा रुककर फिर से कोशिश करें।',
  [QUIZ_MESSAGES.sectionClosed]: 'यह सेक्शन बंद हो चुका है। इसके जवाब अब बदले नहीं जा सकते।',
  [QUIZ_MESSAGES.sectionNotOpen]: 'यह सेक्शन अभी शुरू नहीं हुआ है।',
  [QUIZ_MESSAGES.notSectioned]: 'इस क्विज़ में बंद करने के लिए कोई समयबद्ध सेक्शन नहीं है।',
  [QUIZ_MESSAGES.extraTimeStarted]:
    'यह विद्यार्थी यह क्विज़ शुरू कर चुका है: अतिरिक्त समय केवल शुरू करने से पहले दिया जा सकता है',
  [QUIZ_MESSAGES.learnerNotFound]: 'इस फ़ोन नंबर का कोई विद्यार्थी नहीं है',
  [QUIZ_MESSAGES.extraMinutesInvalid]: 'अतिरिक्त मिनट 0 से 1440 तक की पूर्ण संख्या होने चाहिए',

  // Results
  [RESULT_MESSAGES.notPublished]: 'रिज़ल्ट क्विज़ खत्म होने के बाद दिखेगा',
  // ANALYTICS_MESSAGES.preparing (a literal: this catalogue does not pull in the analytics schemas).
  'The analysis of this quiz is being prepared; try again in a minute':
    'इस क्विज़ का विश्लेषण तैयार हो रहा है; एक मिनट बाद फिर कोशिश करें',
  [RESULT_MESSAGES.notAttended]: 'आपने यह क्विज़ नहीं दिया था',
  'File not found in storage': 'फ़ाइल नहीं मिली',
  'File not found': 'फ़ाइल नहीं मिली',

  // Payments
  [PAYMENT_MESSAGES.amountMismatch]: 'रकम मेल नहीं खाती',
  [PAYMENT_MESSAGES.alreadyUnlocked]: 'यह क्विज़ पहले से अनलॉक है',
  [PAYMENT_MESSAGES.verificationFailed]: 'पेमेंट की पुष्टि नहीं हो पाई',
  [PAYMENT_MESSAGES.currencyNotSupported]: 'सिर्फ़ रुपये (INR) में पेमेंट हो सकता है',
  [PAYMENT_MESSAGES.quizEnded]: 'यह क्विज़ खत्म हो चुका है',
  [PAYMENT_MESSAGES.paymentNotFound]: 'पेमेंट नहीं मिला',
  [PAYMENT_MESSAGES.orderFailed]: 'पेमेंट ऑर्डर नहीं बन पाया। कृपया फिर से कोशिश करें।',
  [PAYMENT_MESSAGES.verified]: 'पेमेंट हो गया। क्विज़ अनलॉक हो गया है।',
  [PAYMENT_MESSAGES.tooManyAttempts]: 'पेमेंट की बहुत ज़्यादा कोशिशें हो गईं। कृपया थोड़ी देर बाद कोशिश करें।',
  'Order not found': 'ऑर्डर नहीं मिला',
  'Order already paid': 'इस ऑर्डर का पेमेंट हो चुका है',

  // Question audio (admin)
  [QUESTION_AUDIO_MESSAGES.required]: 'ऑडियो फ़ाइल ज़रूरी है',
  [QUESTION_AUDIO_MESSAGES.notAudio]: 'ऑडियो mp3, m4a, ogg या webm फ़ाइल होनी चाहिए',
  [QUESTION_AUDIO_MESSAGES.tooLarge]: 'ऑडियो 5 MB से बड़ा नहीं हो सकता',
  [QUESTION_AUDIO_MESSAGES.questionNotFound]: 'प्रश्न नहीं मिला',
  [QUESTION_AUDIO_MESSAGES.removed]: 'ऑडियो हटा दिया गया',

  // Spaced repetition (issue 13)
  [REVIEW_MESSAGES.cardNotFound]: 'कार्ड नहीं मिला',
  [REVIEW_MESSAGES.notPublished]: 'इस प्रश्न के नतीजे अभी घोषित नहीं हुए हैं',
  [REVIEW_MESSAGES.notYours]: 'केवल आपके अपने घोषित नतीजों के प्रश्न जोड़े जा सकते हैं',
  [REVIEW_MESSAGES.ratingRange]: 'रेटिंग 1, 2, 3 या 4 होनी चाहिए',
  [REVIEW_MESSAGES.reviewIdInvalid]: 'रिव्यू आईडी एक UUID होनी चाहिए',
  [REVIEW_MESSAGES.reviewedAtInvalid]: 'reviewedAt एक ISO तारीख-समय होना चाहिए',
  [REVIEW_MESSAGES.reviewedAtFuture]: 'reviewedAt भविष्य में 5 मिनट से ज़्यादा आगे नहीं हो सकता',
  [REVIEW_MESSAGES.reviewedAtBeforeCard]: 'reviewedAt कार्ड बनने से पहले का नहीं हो सकता',
  [REVIEW_MESSAGES.durationInvalid]: 'durationMs 0 से 1 घंटे के बीच मिलीसेकंड की पूरी संख्या होनी चाहिए',
  [REVIEW_MESSAGES.retentionRange]: 'याद रखने का लक्ष्य 0.80 से 0.97 के बीच होना चाहिए',
  [REVIEW_MESSAGES.examDatePast]: 'परीक्षा की तारीख पिछली तारीख नहीं हो सकती',
  [REVIEW_MESSAGES.examDateInvalid]: 'परीक्षा की तारीख एक तारीख (YYYY-MM-DD) होनी चाहिए',
  [REVIEW_MESSAGES.examNameTooLong]: 'परीक्षा का नाम अधिकतम 80 अक्षरों का हो सकता है',
  [REVIEW_MESSAGES.dailyNewLimitRange]: 'रोज़ के नए कार्ड की सीमा 0 से 500 के बीच पूरी संख्या होनी चाहिए',
  [REVIEW_MESSAGES.dailyReviewCapRange]: 'रोज़ के रिव्यू की सीमा 1 से 2000 के बीच पूरी संख्या होनी चाहिए',
  [REVIEW_MESSAGES.cardRemoved]: 'कार्ड हटा दिया गया',
  [REVIEW_MESSAGES.questionDropped]:
    'उत्तर-कुंजी सुधार में यह प्रश्न क्विज़ से हटा दिया गया था, इसलिए इसे रिव्यू नहीं किया जा सकता',

  // Reminders (issue 28)
  [REMINDER_MESSAGES.saved]: 'रिमाइंडर की सेटिंग सहेज ली गई',
  [REMINDER_MESSAGES.subscribed]: 'इस ब्राउज़र पर रिमाइंडर चालू हैं',
  [REMINDER_MESSAGES.unsubscribed]: 'इस ब्राउज़र पर रिमाइंडर बंद हैं',
  [REMINDER_MESSAGES.endpointInvalid]: 'पुश का पता 1000 अक्षरों तक का https URL होना चाहिए',
  [REMINDER_MESSAGES.keysInvalid]: 'सब्सक्रिप्शन की कुंजियाँ सही नहीं हैं',
  [REMINDER_MESSAGES.pushUnavailable]: 'इस सर्वर पर रिमाइंडर उपलब्ध नहीं हैं',
  [REMINDER_MESSAGES.dailyFiveAtInvalid]:
    'रिमाइंडर का समय 07:00 से 21:59 के बीच होना चाहिए (22:00–07:00 शांत समय है)',

  // The error handler's own
  [GENERIC_MESSAGES.internal]: 'सर्वर में कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  [GENERIC_MESSAGES.tooLarge]: 'फ़ाइल या डेटा बहुत बड़ा है',
  [GENERIC_MESSAGES.invalidRequest]: 'अनुरोध सही नहीं है',
  [GENERIC_MESSAGES.notFound]: 'नहीं मिला',
  [GENERIC_MESSAGES.malformedMultipart]: 'फ़ॉर्म अधूरा या गलत तरीके से भेजा गया',

  // The quiz editor's rules (admin)
  ...ADMIN_MESSAGES_HI,
};

/** Messages with a part that varies (a number, an id): the English pattern and its Hindi. */
export const SERVER_MESSAGE_PATTERNS_HI: ReadonlyArray<readonly [RegExp, (...parts: string[]) => string]> = [
  [
    /^Please wait (\d+) seconds before requesting a new OTP\.$/,
    (seconds) => `नया OTP माँगने से पहले ${seconds} सेकंड रुकें।`,
  ],
  [/^Unknown question: (.+)$/, (id) => `यह प्रश्न इस क्विज़ में नहीं है: ${id}`],
  [/^Invalid option for question (.+)$/, (id) => `प्रश्न ${id} के लिए यह विकल्प सही नहीं है`],
  [
    /^Question (.+) needs a number: Enter a number, like 12 or -3\.5$/,
    (id) => `प्रश्न ${id} का उत्तर एक संख्या होनी चाहिए: कोई संख्या लिखें, जैसे 12 या -3.5`,
  ],
  ...ADMIN_MESSAGE_PATTERNS_HI,
];
