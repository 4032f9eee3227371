import { EDUCATION_LEVELS } from '../constants';
import {
  INSTRUCTION_TEXT_MAX,
  INSTRUCTIONS_MAX,
  MARK_MAX,
  PRICE_MAX_RUPEES,
  QUIZ_DESC_MAX,
  QUIZ_DURATION_MAX,
  QUIZ_DURATION_MIN,
  QUIZ_EXAMS,
  QUIZ_NAME_MAX,
  QUIZ_NAME_MIN,
  QUIZ_QUESTIONS_MAX,
  QUIZ_QUESTIONS_MIN,
} from '../schemas/quiz-input';
import { PREVIOUS_YEAR_MAX, PREVIOUS_YEAR_MIN } from '../domain/practice';
import { KEY_CORRECTION_REASON_MAX } from '../schemas/analytics';

/** The reason the editor refuses a change once a learner has started (authoring/quiz-values.ts `frozenChanges`). */
const STARTED = 'after participants have started this quiz';
const STARTED_HI = 'प्रतिभागियों के शुरू करने के बाद';

/**
 * The quiz editor's rules (`quizInputSchema`) in Hindi (issue 18): the admin's form shows them itself
 * before saving, and the API sends the same English back when a save is refused. Spread into
 * `server-messages.hi.ts`; the English stays the key.
 */
export const ADMIN_MESSAGES_HI: Readonly<Record<string, string>> = {
  // 'Name is required' is the sign-up form's message too: its Hindi is STUDENT_MESSAGES'.
  [`Name must be ${QUIZ_NAME_MIN}–${QUIZ_NAME_MAX} characters`]: `नाम ${QUIZ_NAME_MIN} से ${QUIZ_NAME_MAX} अक्षरों का होना चाहिए`,
  [`Description must be at most ${QUIZ_DESC_MAX} characters`]: `विवरण ${QUIZ_DESC_MAX} अक्षरों से लंबा नहीं हो सकता`,
  [`Exam must be one of ${QUIZ_EXAMS.join(', ')}`]: `परीक्षा इनमें से कोई एक होनी चाहिए: ${QUIZ_EXAMS.join(', ')}`,
  [`Class must be one of ${EDUCATION_LEVELS.join(', ')}`]: 'कृपया सूची में से कक्षा चुनें',
  'Duration is required': 'समय-सीमा लिखना ज़रूरी है',
  'Duration must be a whole number of minutes': 'समय-सीमा पूरे मिनटों में होनी चाहिए',
  [`Duration must be ${QUIZ_DURATION_MIN}–${QUIZ_DURATION_MAX} minutes`]: `समय-सीमा ${QUIZ_DURATION_MIN} से ${QUIZ_DURATION_MAX} मिनट के बीच होनी चाहिए`,
  'Start time is required': 'शुरू होने का समय चुनना ज़रूरी है',
  'Start time must be a date and time (ISO 8601)': 'शुरू होने का समय सही तारीख और समय होना चाहिए',
  'End time is required': 'खत्म होने का समय चुनना ज़रूरी है',
  'End time must be a date and time (ISO 8601)': 'खत्म होने का समय सही तारीख और समय होना चाहिए',
  'Start time must be before end time': 'शुरू होने का समय खत्म होने के समय से पहले होना चाहिए',
  'Price must be a number of rupees': 'कीमत रुपयों में एक संख्या होनी चाहिए',
  'Price must be 0 (free) or more': 'कीमत 0 (फ़्री) या उससे ज़्यादा होनी चाहिए',
  [`Price must be at most ₹${PRICE_MAX_RUPEES}`]: `कीमत ₹${PRICE_MAX_RUPEES} से ज़्यादा नहीं हो सकती`,
  'Previous-year paper must be a year': 'पिछले वर्ष के प्रश्नपत्र के लिए एक वर्ष लिखें',
  [`Previous-year paper must be ${PREVIOUS_YEAR_MIN}–${PREVIOUS_YEAR_MAX}`]: `पिछले वर्ष के प्रश्नपत्र का वर्ष ${PREVIOUS_YEAR_MIN} से ${PREVIOUS_YEAR_MAX} के बीच होना चाहिए`,
  'Price can have at most 2 decimals': 'कीमत में दशमलव के बाद ज़्यादा से ज़्यादा 2 अंक हो सकते हैं',
  'Marks for a correct answer must be a number': 'सही उत्तर के अंक एक संख्या होने चाहिए',
  'Marks for a correct answer must be more than 0': 'सही उत्तर के अंक 0 से ज़्यादा होने चाहिए',
  [`Marks for a correct answer must be at most ${MARK_MAX}`]: `सही उत्तर के अंक ${MARK_MAX} से ज़्यादा नहीं हो सकते`,
  'Marks deducted for a wrong answer must be a number': 'गलत उत्तर पर कटने वाले अंक एक संख्या होने चाहिए',
  'Marks deducted for a wrong answer must be 0 or more': 'गलत उत्तर पर कटने वाले अंक 0 या उससे ज़्यादा होने चाहिए',
  [`Marks deducted for a wrong answer must be at most ${MARK_MAX}`]: `गलत उत्तर पर कटने वाले अंक ${MARK_MAX} से ज़्यादा नहीं हो सकते`,
  'Instructions cannot be empty': 'निर्देश खाली नहीं हो सकते',
  [`Each instruction must be at most ${INSTRUCTION_TEXT_MAX} characters`]: `हर निर्देश ${INSTRUCTION_TEXT_MAX} अक्षरों से लंबा नहीं हो सकता`,
  [`At most ${INSTRUCTIONS_MAX} instructions`]: `ज़्यादा से ज़्यादा ${INSTRUCTIONS_MAX} निर्देश हो सकते हैं`,
  [`A quiz needs ${QUIZ_QUESTIONS_MIN}–${QUIZ_QUESTIONS_MAX} questions`]: `क्विज़ में ${QUIZ_QUESTIONS_MIN} से ${QUIZ_QUESTIONS_MAX} प्रश्न होने चाहिए`,
  'The answer must be a number': 'उत्तर एक संख्या होना चाहिए',
  'The tolerance must be a number': 'छूट एक संख्या होनी चाहिए',

  // Refusals once participants have started, or after publication (authoring.service.ts, question-import.service.ts)
  'Questions cannot change after participants have started this quiz':
    'प्रतिभागी यह क्विज़ शुरू कर चुके हैं, इसलिए अब प्रश्न नहीं बदल सकते',
  'The end time cannot change after the results have been published':
    'नतीजे घोषित हो चुके हैं, इसलिए अब खत्म होने का समय नहीं बदल सकता',
  'This quiz cannot be deleted because participants have attempted it':
    'यह क्विज़ डिलीट नहीं हो सकता, क्योंकि प्रतिभागी इसे दे चुके हैं',
  'This quiz cannot be deleted because participants have paid for it':
    'यह क्विज़ डिलीट नहीं हो सकता, क्योंकि प्रतिभागी इसके लिए पेमेंट कर चुके हैं',
  [`Duration cannot change ${STARTED}`]: `समय-सीमा ${STARTED_HI} नहीं बदल सकती`,
  [`Start time cannot change ${STARTED}`]: `शुरू होने का समय ${STARTED_HI} नहीं बदल सकता`,
  [`Marking scheme cannot change ${STARTED}`]: `अंक देने का तरीका ${STARTED_HI} नहीं बदल सकता`,
  [`Shuffling cannot change ${STARTED}`]: `प्रश्नों और विकल्पों का क्रम बदलने की सेटिंग ${STARTED_HI} नहीं बदल सकती`,
  [`Questions cannot be added or removed ${STARTED}`]: `${STARTED_HI} प्रश्न जोड़े या हटाए नहीं जा सकते`,

  // Importing questions (authoring.routes.ts, question-import.ts)
  'Upload the questions as a file (multipart/form-data, field "file")':
    'प्रश्न एक फ़ाइल के रूप में अपलोड करें (multipart/form-data, फ़ील्ड "file")',
  'Choose a CSV or Aiken (.txt) file to import': 'इम्पोर्ट के लिए CSV या Aiken (.txt) फ़ाइल चुनें',
  'The file must be UTF-8 text (in Excel choose "CSV UTF-8" when saving)':
    'फ़ाइल UTF-8 टेक्स्ट होनी चाहिए (Excel में सेव करते समय "CSV UTF-8" चुनें)',
  'The file has no questions': 'फ़ाइल में कोई प्रश्न नहीं है',
  [`The file has more than ${QUIZ_QUESTIONS_MAX} questions, the most a quiz can have: split it into smaller files`]: `फ़ाइल में ${QUIZ_QUESTIONS_MAX} से ज़्यादा प्रश्न हैं, जो एक क्विज़ में हो सकते हैं उससे ज़्यादा: इसे छोटी फ़ाइलों में बाँटें`,

  // Answer-key correction (issue 14)
  'Results are not published yet': 'नतीजे अभी घोषित नहीं हुए हैं',
  'The analysis of this quiz is being prepared; try again in a minute':
    'इस क्विज़ का विश्लेषण तैयार हो रहा है; एक मिनट बाद फिर कोशिश करें',
  'You did not attend this quiz': 'आपने यह क्विज़ नहीं दिया था',
  'Answer keys can be corrected only after results are published; this quiz is still open or its results are not out yet':
    'उत्तर-कुंजी नतीजे घोषित होने के बाद ही सुधारी जा सकती है; यह क्विज़ अभी खुला है या इसके नतीजे अभी नहीं आए हैं',
  'questionId: no such question in this quiz': 'questionId: यह प्रश्न इस क्विज़ में नहीं है',
  "ansIndex: the key must be one of the question's choices":
    'ansIndex: सही उत्तर प्रश्न के विकल्पों में से ही एक होना चाहिए',
  'reason: A reason is required': 'reason: कारण लिखना ज़रूरी है',
  'questionId is required': 'questionId देना ज़रूरी है',
  'ansIndex must be a number': 'ansIndex एक संख्या होनी चाहिए',
  'ansIndex must be a whole number': 'ansIndex एक पूर्ण संख्या होनी चाहिए',
  'drop must be true or false': 'drop true या false होना चाहिए',
  'The reason must be text': 'कारण टेक्स्ट में होना चाहिए',
  [`The reason must be at most ${KEY_CORRECTION_REASON_MAX} characters`]: `कारण ${KEY_CORRECTION_REASON_MAX} अक्षरों से लंबा नहीं हो सकता`,
  'Give either a new answer or drop: true': 'या तो नया उत्तर दें, या drop: true',
};

/** What one question breaks (after "Question 3: " or "Line 12: "), English pattern → Hindi. */
const QUESTION_RULES_HI: ReadonlyArray<readonly [RegExp, (...parts: string[]) => string]> = [
  [/^question text is required$/, () => 'प्रश्न का टेक्स्ट लिखना ज़रूरी है'],
  [/^question text must be at most (\d+) characters$/, (n) => `प्रश्न का टेक्स्ट ${n} अक्षरों से लंबा नहीं हो सकता`],
  [/^explanation must be at most (\d+) characters$/, (n) => `व्याख्या ${n} अक्षरों से लंबी नहीं हो सकती`],
  [/^topic must be at most (\d+) characters$/, (n) => `टॉपिक ${n} अक्षरों से लंबा नहीं हो सकता`],
  [
    /^needs (\d+)–(\d+) choices \(has (\d+)\)$/,
    (min, max, has) => `${min} से ${max} विकल्प चाहिए (अभी ${has} हैं)`,
  ],
  [/^choice (\w+) is empty$/, (letter) => `विकल्प ${letter} खाली है`],
  [
    /^choice (\w+) must be at most (\d+) characters$/,
    (letter, n) => `विकल्प ${letter} ${n} अक्षरों से लंबा नहीं हो सकता`,
  ],
  [
    /^choices must be distinct \((\w+) and (\w+) are both "(.*)"\)$/s,
    (a, b, text) => `सभी विकल्प अलग-अलग होने चाहिए (${a} और ${b} दोनों "${text}" हैं)`,
  ],
  [/^the correct answer must be one of its choices$/, () => 'सही उत्तर इसके विकल्पों में से ही एक होना चाहिए'],
  [/^the answer is required$/, () => 'उत्तर लिखना ज़रूरी है'],
  [/^the answer must be a number, like 12 or -3\.5$/, () => 'उत्तर एक संख्या होना चाहिए, जैसे 12 या -3.5'],
  [
    /^the tolerance must be a number of 0 or more, like 0\.01$/,
    () => 'छूट 0 या उससे ज़्यादा की संख्या होनी चाहिए, जैसे 0.01',
  ],
  [/^a numeric question has no choices$/, () => 'संख्या वाले प्रश्न में विकल्प नहीं होते'],
  [
    /^a Hindi question cannot have a second Hindi version$/,
    () => 'हिन्दी प्रश्न का दूसरा हिन्दी वर्शन नहीं हो सकता',
  ],
  [
    /^the Hindi question text is required when it has Hindi choices$/,
    () => 'हिन्दी विकल्प हों तो प्रश्न का हिन्दी टेक्स्ट भी ज़रूरी है',
  ],
  [
    /^Hindi question text must be at most (\d+) characters$/,
    (n) => `प्रश्न का हिन्दी टेक्स्ट ${n} अक्षरों से लंबा नहीं हो सकता`,
  ],
  [
    /^needs a Hindi text for each of its (\d+) choices \(has (\d+)\)$/,
    (n, has) => `इसके सभी ${n} विकल्पों का हिन्दी टेक्स्ट चाहिए (अभी ${has} हैं)`,
  ],
  [/^Hindi choice (\w+) is empty$/, (letter) => `हिन्दी विकल्प ${letter} खाली है`],
  [
    /^Hindi choice (\w+) must be at most (\d+) characters$/,
    (letter, n) => `हिन्दी विकल्प ${letter} ${n} अक्षरों से लंबा नहीं हो सकता`,
  ],
  [
    /^Hindi explanation must be at most (\d+) characters$/,
    (n) => `हिन्दी व्याख्या ${n} अक्षरों से लंबी नहीं हो सकती`,
  ],
  [/^unknown question id$/, () => 'यह प्रश्न इस क्विज़ में नहीं है'],
  [/^the same question appears twice$/, () => 'यही प्रश्न दो बार आया है'],
  // Once participants have started (authoring/quiz-values.ts)
  [
    /^questions cannot be reordered or replaced after participants have started this quiz$/,
    () => `${STARTED_HI} प्रश्नों का क्रम बदला या उन्हें बदला नहीं जा सकता`,
  ],
  [
    /^choices cannot change after participants have started this quiz$/,
    () => `${STARTED_HI} विकल्प नहीं बदल सकते`,
  ],
  [
    /^the correct answer cannot change after participants have started this quiz$/,
    () => `${STARTED_HI} सही उत्तर नहीं बदल सकता (नतीजों के बाद उत्तर-कुंजी सुधारें)`,
  ],
  // CSV and Aiken import (csv-questions.ts, aiken-questions.ts)
  [/^unknown column "(.*)"$/s, (name) => `अनजान कॉलम "${name}"`],
  [/^the header has no "(.*)" column$/s, (name) => `हेडर में "${name}" कॉलम नहीं है`],
  [
    /^expected 8 or 9 columns \(qn, choice1…choice6, answer, explanation\), found (\d+)$/,
    (n) => `8 या 9 कॉलम चाहिए (qn, choice1…choice6, answer, explanation), ${n} मिले`,
  ],
  [
    /^type must be "mcq" or "numeric" \(got "(.*)"\)$/s,
    (got) => `type "mcq" या "numeric" होना चाहिए ("${got}" मिला)`,
  ],
  [
    /^a tolerance is only for numeric questions \(type "numeric"\)$/,
    () => 'छूट (tolerance) सिर्फ़ संख्या वाले प्रश्नों के लिए है (type "numeric")',
  ],
  [
    /^answer is required \(a letter A–F or a number 1–6\)$/,
    () => 'उत्तर लिखना ज़रूरी है (A–F में से एक अक्षर या 1–6 में से एक अंक)',
  ],
  [
    /^answer must be a letter A–F or a number 1–6 \(got "(.*)"\)$/s,
    (got) => `उत्तर A–F में से एक अक्षर या 1–6 में से एक अंक होना चाहिए ("${got}" मिला)`,
  ],
  [/^lang must be "en" or "hi" \(got "(.*)"\)$/s, (got) => `lang "en" या "hi" होना चाहिए ("${got}" मिला)`],
  [/^question has no "ANSWER:" line$/, () => 'प्रश्न में "ANSWER:" वाली लाइन नहीं है'],
  [
    /^a second "ANSWER:" line for the question on line (\d+)$/,
    (line) => `लाइन ${line} वाले प्रश्न के लिए दूसरी "ANSWER:" लाइन`,
  ],
  [
    /^"ANSWER:" comes before any option \(e\.g\. "A\. text"\)$/,
    () => '"ANSWER:" किसी भी विकल्प से पहले आ गया है (जैसे "A. text")',
  ],
  [
    /^ANSWER must be a single letter \(got "(.*)"\)$/s,
    (got) => `ANSWER एक ही अक्षर होना चाहिए ("${got}" मिला)`,
  ],
  [
    /^ANSWER (\w) is not one of the options A–(\S)$/,
    (letter, last) => `ANSWER ${letter} विकल्प A–${last} में से नहीं है`,
  ],
  [/^expected option (\w), found (\w)$/, (expected, found) => `विकल्प ${expected} चाहिए था, ${found} मिला`],
  [
    /^a question can have at most (\d+) options \(A–F\)$/,
    (n) => `एक प्रश्न में ज़्यादा से ज़्यादा ${n} विकल्प हो सकते हैं (A–F)`,
  ],
  [
    /^expected an option \(e\.g\. "(.*)"\) or "ANSWER: X"$/s,
    (example) => `यहाँ कोई विकल्प (जैसे "${example}") या "ANSWER: X" होना चाहिए`,
  ],
];

/** "Question 3: choice B is empty" → "प्रश्न 3: विकल्प B खाली है"; a rule with no Hindi stays in English. */
export const ADMIN_MESSAGE_PATTERNS_HI: ReadonlyArray<readonly [RegExp, (...parts: string[]) => string]> = [
  [
    /^A quiz can have at most (\d+) questions: it has (\d+) and the file adds (\d+)$/,
    (max, has, adds) =>
      `एक क्विज़ में ज़्यादा से ज़्यादा ${max} प्रश्न हो सकते हैं: इसमें ${has} हैं और फ़ाइल ${adds} और जोड़ती है`,
  ],
  [
    /^ansIndex: question (\d+) has a numeric answer, which cannot be changed after publication; drop the question instead$/,
    (n) => `ansIndex: प्रश्न ${n} का उत्तर एक संख्या है, जो नतीजों के बाद नहीं बदल सकता; इसके बजाय प्रश्न हटा दें`,
  ],
  [
    /^ansIndex: the key must be one of the question's (\d+) choices \(0–(\d+)\)$/,
    (n, last) => `ansIndex: सही उत्तर प्रश्न के ${n} विकल्पों में से एक होना चाहिए (0–${last})`,
  ],
  [
    /^(Question|Line) (\d+): (.+)$/s,
    (kind, number, rest) => {
      for (const [pattern, render] of QUESTION_RULES_HI) {
        const match = pattern.exec(rest!);
        if (match) return `${kind === 'Line' ? 'लाइन' : 'प्रश्न'} ${number}: ${render(...match.slice(1))}`;
      }
      return `${kind} ${number}: ${rest}`;
    },
  ],
];
