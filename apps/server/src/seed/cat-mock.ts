import { examPattern } from '@quizcast/contract/domain/exam-patterns';
import { sectionedMock } from './sectioned-mock';

/**
 * The demo's CAT-style mock (issue 26): the CAT template's three sections (VARC, DILR, QA), 40
 * minutes each in a locked order, +3 / −1, names and questions in English and Hindi. Three questions
 * a section keep the demo short; the real paper has 24, 22 and 22.
 */
export const { quiz: CAT_MOCK, questions: CAT_MOCK_QUESTIONS } = sectionedMock(
  examPattern('cat')!,
  {
    name: 'CAT: Sectional Mock',
    desc: 'Three sections of 40 minutes each in a fixed order, as in the Common Admission Test: Verbal Ability and Reading Comprehension, Data Interpretation and Logical Reasoning, and Quantitative Ability. Three marks for a right answer, one deducted for a wrong one.',
    instructions: [
      'Each section has its own 40-minute clock; when it ends the next section starts by itself.',
      'You cannot go back to a finished section or switch between sections.',
      'Each correct answer earns 3 marks; 1 mark is deducted for a wrong answer.',
    ],
  },
  [
    [
      0,
      "Choose the word that best completes the sentence: The committee's report was so ___ that nobody could find fault with it.",
      ['meticulous', 'careless', 'hasty', 'vague'],
      0,
      "वाक्य को सबसे अच्छा पूरा करने वाला शब्द चुनिए: The committee's report was so ___ that nobody could find fault with it.",
      ['meticulous', 'careless', 'hasty', 'vague'],
      'Only a meticulous (careful and precise) report leaves nothing to fault.',
    ],
    [
      0,
      'Which word is closest in meaning to "EPHEMERAL"?',
      ['Lasting', 'Short-lived', 'Ancient', 'Heavy'],
      1,
      '"EPHEMERAL" का निकटतम अर्थ वाला शब्द कौन-सा है?',
      ['स्थायी', 'अल्पकालिक', 'प्राचीन', 'भारी'],
      'Ephemeral means lasting a very short time.',
    ],
    [
      0,
      'Pick the odd one out: Candid, Frank, Blunt, Evasive',
      ['Candid', 'Frank', 'Blunt', 'Evasive'],
      3,
      'विषम शब्द चुनिए: Candid, Frank, Blunt, Evasive',
      ['Candid', 'Frank', 'Blunt', 'Evasive'],
      'The first three mean open and direct; evasive means avoiding a direct answer.',
    ],
    [
      1,
      'Sales were 120 units in January and 150 in February. By what percentage did sales grow?',
      ['20%', '25%', '30%', '15%'],
      1,
      'जनवरी में बिक्री 120 इकाई और फ़रवरी में 150 इकाई थी। बिक्री कितने प्रतिशत बढ़ी?',
      ['20%', '25%', '30%', '15%'],
      '(150 − 120) / 120 × 100 = 25%.',
    ],
    [
      1,
      'Five friends sit in a row. A sits at one end, B sits next to A, and C sits in the middle. Who can sit at the other end?',
      ['B', 'C', 'D or E', 'A'],
      2,
      'पाँच मित्र एक पंक्ति में बैठे हैं। A एक छोर पर है, B, A के बगल में है और C बीच में है। दूसरे छोर पर कौन बैठ सकता है?',
      ['B', 'C', 'D या E', 'A'],
      'A, B and C take seats 1, 2 and 3; seats 4 and 5 go to D and E in either order.',
    ],
    [
      1,
      'In a class of 40, 24 play cricket and 18 play football; 6 play neither. How many play both?',
      ['6', '8', '10', '12'],
      1,
      '40 विद्यार्थियों की कक्षा में 24 क्रिकेट और 18 फ़ुटबॉल खेलते हैं; 6 कोई नहीं खेलते। दोनों कितने खेलते हैं?',
      ['6', '8', '10', '12'],
      '34 play at least one; 24 + 18 − 34 = 8 play both.',
    ],
    [
      2,
      'If x + 1/x = 3, what is x² + 1/x²?',
      ['7', '9', '11', '5'],
      0,
      'यदि x + 1/x = 3, तो x² + 1/x² कितना है?',
      ['7', '9', '11', '5'],
      '(x + 1/x)² = x² + 2 + 1/x², so x² + 1/x² = 9 − 2 = 7.',
    ],
    [
      2,
      'A shopkeeper marks an item 40% above cost and gives a 25% discount. What is the profit percentage?',
      ['5%', '10%', '15%', '12%'],
      0,
      'एक दुकानदार वस्तु पर लागत से 40% अधिक मूल्य अंकित करता है और 25% छूट देता है। लाभ प्रतिशत कितना है?',
      ['5%', '10%', '15%', '12%'],
      '1.40 × 0.75 = 1.05: a profit of 5%.',
    ],
    [
      2,
      'How many positive divisors does 72 have?',
      ['10', '12', '8', '9'],
      1,
      '72 के कितने धनात्मक भाजक हैं?',
      ['10', '12', '8', '9'],
      '72 = 2³ × 3², so (3 + 1)(2 + 1) = 12 divisors.',
    ],
  ],
);
