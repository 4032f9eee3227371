import type { EducationLevel, ExamFamily } from '@quizcast/contract/constants';

/**
 * Demo quiz content used by the seed script. Static, time-independent facts only
 * (no office holders, no recent statistics), so the bank never goes stale.
 */

export interface DemoQuestion {
  /** Subject area shown in analytics (≤ 60 characters). */
  topic: string;
  /** Question text; may contain '\n' line breaks (statement-style questions). */
  qn: string;
  /** Four distinct, non-empty options. */
  choices: string[];
  /** Index into `choices` of the single correct option. */
  ansIndex: number;
  /** One or two sentences explaining the answer. */
  explanation: string;
  /**
   * A JEE-style numerical-value question (issue 12): `choices` is empty and `ansIndex` 0; the answer is
   * `numericAnswer` (± `tolerance`). `wrongAnswers` are the numbers seeded learners get wrong with.
   */
  type?: 'numeric';
  numericAnswer?: string;
  tolerance?: string;
  wrongAnswers?: string[];
  /** The Hindi version (bilingual quizzes): question, choices in the same order, explanation. */
  qnHi?: string;
  choicesHi?: string[];
  explanationHi?: string;
}

export interface DemoQuizContent {
  /** Stable kebab-case id. */
  key: string;
  name: string;
  desc: string;
  exam: ExamFamily;
  class: EducationLevel;
  durationMin: number;
  instructions: string[];
  questions: DemoQuestion[];
}

const STATEMENT_CHOICES = ['1 only', '2 only', 'Both 1 and 2', 'Neither 1 nor 2'] as const;
const WHICH_CORRECT = 'Which of the statements given above is/are correct?';

const COMPETITIVE: EducationLevel = 'Preparing for Competitive exams';

/** TeX between `$…$` is rendered to MathML when the quiz is saved (ADR 019); backslashes kept as written. */
const tex = String.raw;

export const DEMO_QUIZZES: DemoQuizContent[] = [
  {
    key: 'upsc-polity-basics',
    name: 'UPSC Prelims: Indian Polity Basics',
    desc: 'Core Constitution and Parliament questions in the style of the UPSC Civil Services Prelims.',
    exam: 'UPSC',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Select exactly one option for each question.',
      'Read statement-based questions carefully before choosing.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Constitution',
        qn:
          'Consider the following statements:\n' +
          '1. The Preamble was amended by the 42nd Constitutional Amendment Act, 1976.\n' +
          "2. The words 'Socialist', 'Secular' and 'Integrity' " +
          'were added to the Preamble by that amendment.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 2,
        explanation:
          'The 42nd Amendment (1976) is the only amendment to the Preamble so far. ' +
          "It inserted 'Socialist', 'Secular' and 'Integrity'.",
      },
      {
        topic: 'Fundamental Rights',
        qn: 'Which Article of the Constitution of India abolishes untouchability?',
        choices: ['Article 14', 'Article 17', 'Article 21', 'Article 32'],
        ansIndex: 1,
        explanation: 'Article 17 abolishes untouchability and forbids its practice in any form.',
      },
      {
        topic: 'Parliament',
        qn:
          'Which Article guarantees the Fundamental Right to move the Supreme Court ' +
          'for the enforcement of Fundamental Rights?',
        choices: ['Article 19', 'Article 21', 'Article 32', 'Article 368'],
        ansIndex: 2,
        explanation:
          'Article 32 (Right to Constitutional Remedies) lets ' +
          'a person approach the Supreme Court directly; ' +
          'Dr. B. R. Ambedkar called it the heart and soul of the Constitution.',
      },
      {
        topic: 'Constitution',
        qn: 'Who presides over a joint sitting of the two Houses of Parliament?',
        choices: [
          'The Speaker of the Lok Sabha',
          'The President of India',
          'The Vice-President of India',
          'The Prime Minister',
        ],
        ansIndex: 0,
        explanation:
          'Under Article 108 the President summons a joint sitting, and it is presided over by the Speaker.',
      },
      {
        topic: 'Constitution',
        qn: 'The Directive Principles of State Policy are contained in which Part of the Constitution?',
        choices: ['Part III', 'Part IV', 'Part IVA', 'Part V'],
        ansIndex: 1,
        explanation: 'Articles 36 to 51 in Part IV contain the Directive Principles of State Policy.',
      },
      {
        topic: 'Fundamental Rights',
        qn: 'The Fundamental Duties were added to the Constitution on the recommendation of which committee?',
        choices: [
          'Sarkaria Commission',
          'Balwant Rai Mehta Committee',
          'Punchhi Commission',
          'Swaran Singh Committee',
        ],
        ansIndex: 3,
        explanation:
          'Following the Swaran Singh Committee, the 42nd ' +
          'Amendment (1976) added Fundamental Duties in Part IVA.',
      },
      {
        topic: 'Parliament',
        qn:
          'Consider the following statements:\n' +
          '1. The Rajya Sabha is a permanent body and is not subject to dissolution.\n' +
          '2. A Money Bill can be introduced in the Rajya Sabha.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 0,
        explanation:
          'The Rajya Sabha is never dissolved; one-third of its members retire every second year. ' +
          'A Money Bill can be introduced only in the Lok Sabha (Article 109).',
      },
      {
        topic: 'Parliament',
        qn: 'What is the minimum age to become a member of the Lok Sabha?',
        choices: ['21 years', '25 years', '30 years', '35 years'],
        ansIndex: 1,
        explanation: 'Article 84 sets 25 years for the Lok Sabha and 30 years for the Rajya Sabha.',
      },
      {
        topic: 'Judiciary',
        qn:
          "The concept of 'Judicial Review' in the Indian " +
          'Constitution is borrowed from the Constitution of:',
        choices: ['Ireland', 'Canada', 'United Kingdom', 'United States of America'],
        ansIndex: 3,
        explanation:
          'Judicial review, like the Fundamental Rights and an ' +
          'independent judiciary, is drawn from the US Constitution.',
      },
      {
        topic: 'Constitution',
        qn:
          'Which Schedule of the Constitution contains the ' +
          'provisions on disqualification on grounds of defection?',
        choices: ['Eighth Schedule', 'Ninth Schedule', 'Tenth Schedule', 'Eleventh Schedule'],
        ansIndex: 2,
        explanation: 'The 52nd Amendment (1985) added the anti-defection law as the Tenth Schedule.',
      },
      {
        topic: 'Elections',
        qn: 'Who appoints the Chief Election Commissioner of India?',
        choices: ['The Prime Minister', 'The President', 'The Chief Justice of India', 'The Parliament'],
        ansIndex: 1,
        explanation: 'Under Article 324(2) the Chief Election Commissioner is appointed by the President.',
      },
      {
        topic: 'Local Government',
        qn: 'The 73rd Constitutional Amendment Act, 1992 is related to:',
        choices: [
          'Goods and Services Tax',
          'Anti-defection law',
          'Urban local bodies',
          'Panchayati Raj institutions',
        ],
        ansIndex: 3,
        explanation:
          'The 73rd Amendment gave constitutional status to Panchayati Raj (Part IX); ' +
          'the 74th did the same for urban local bodies.',
      },
    ],
  },
  {
    key: 'upsc-history-culture',
    name: 'UPSC Prelims: Indian History and Culture',
    desc: 'Ancient, modern and cultural history questions of the kind asked in the UPSC Prelims.',
    exam: 'UPSC',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Select exactly one option for each question.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Modern History',
        qn: 'The first session of the Indian National Congress in 1885 was held at:',
        choices: ['Calcutta', 'Bombay', 'Madras', 'Allahabad'],
        ansIndex: 1,
        explanation:
          'The first session met in Bombay in December 1885 under the presidency of W. C. Bonnerjee.',
      },
      {
        topic: 'Modern History',
        qn: 'The Dandi March of 1930 was launched by Mahatma Gandhi to protest against the tax on:',
        choices: ['Indigo', 'Land revenue', 'Salt', 'Cotton cloth'],
        ansIndex: 2,
        explanation:
          'Gandhi walked from Sabarmati to Dandi to break the ' +
          'salt law, starting the Civil Disobedience Movement.',
      },
      {
        topic: 'Modern History',
        qn: 'The Jallianwala Bagh massacre of April 1919 took place in which city?',
        choices: ['Amritsar', 'Lahore', 'Ludhiana', 'Jalandhar'],
        ansIndex: 0,
        explanation:
          'Troops under General Dyer fired on an unarmed gathering at Jallianwala Bagh in Amritsar.',
      },
      {
        topic: 'Modern History',
        qn: "Who wrote 'Gita Rahasya' while imprisoned in Mandalay?",
        choices: ['Gopal Krishna Gokhale', 'Lala Lajpat Rai', 'Aurobindo Ghosh', 'Bal Gangadhar Tilak'],
        ansIndex: 3,
        explanation: 'Tilak wrote Gita Rahasya during his imprisonment in Mandalay (1908-1914).',
      },
      {
        topic: 'Ancient History',
        qn:
          'Consider the following statements about the Harappan civilisation:\n' +
          '1. The Great Bath was found at Mohenjo-daro.\n' +
          '2. Lothal, in present-day Gujarat, had a dockyard.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 2,
        explanation:
          'The Great Bath is the best-known structure at ' +
          'Mohenjo-daro, and Lothal is famous for its dockyard.',
      },
      {
        topic: 'Ancient History',
        qn: 'Gautama Buddha delivered his first sermon at:',
        choices: ['Bodh Gaya', 'Sarnath', 'Kushinagar', 'Lumbini'],
        ansIndex: 1,
        explanation:
          'The first sermon (Dharmachakra Pravartana) was given at Sarnath; enlightenment was at Bodh Gaya.',
      },
      {
        topic: 'Ancient History',
        qn: 'Which Mauryan emperor embraced Buddhism after the Kalinga war?',
        choices: ['Chandragupta Maurya', 'Bindusara', 'Ashoka', 'Brihadratha'],
        ansIndex: 2,
        explanation:
          "Ashoka's Rock Edict XIII records his remorse after the Kalinga war and his turn to Dhamma.",
      },
      {
        topic: 'Modern History',
        qn: 'The Permanent Settlement of Bengal (1793) was introduced by:',
        choices: ['Lord Cornwallis', 'Warren Hastings', 'Lord Wellesley', 'Lord William Bentinck'],
        ansIndex: 0,
        explanation: 'Lord Cornwallis fixed the land revenue permanently with the zamindars in 1793.',
      },
      {
        topic: 'Modern History',
        qn: "The 'Doctrine of Lapse' is associated with which Governor-General?",
        choices: ['Lord Curzon', 'Lord Ripon', 'Lord Lytton', 'Lord Dalhousie'],
        ansIndex: 3,
        explanation:
          'Lord Dalhousie used the Doctrine of Lapse to annex states such as Satara, Jhansi and Nagpur.',
      },
      {
        topic: 'Modern History',
        qn: 'In which year was the Quit India Movement launched?',
        choices: ['1920', '1930', '1942', '1947'],
        ansIndex: 2,
        explanation:
          "The Quit India resolution was passed in Bombay on 8 August 1942 with the call 'Do or Die'.",
      },
      {
        topic: 'Modern History',
        qn:
          'Consider the following statements:\n' +
          '1. The Partition of Bengal was carried out in 1905 under Lord Curzon.\n' +
          '2. The Partition of Bengal was annulled in 1919.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 0,
        explanation:
          'Bengal was partitioned in 1905 under Curzon, and the partition was annulled in 1911, not 1919.',
      },
      {
        topic: 'Art and Culture',
        qn: 'Kathakali is a classical dance form of which state?',
        choices: ['Tamil Nadu', 'Kerala', 'Odisha', 'Manipur'],
        ansIndex: 1,
        explanation:
          'Kathakali comes from Kerala; Bharatanatyam, Odissi and Manipuri belong to the other states.',
      },
    ],
  },
  {
    key: 'upsc-geography-environment',
    name: 'UPSC Prelims: Geography and Environment',
    desc: 'Physical geography of India and environmental conventions, as tested in the UPSC Prelims.',
    exam: 'UPSC',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Select exactly one option for each question.',
      'Keep an outline map of India in mind for location-based questions.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Indian Geography',
        qn: 'Which of the following rivers flows westward into the Arabian Sea?',
        choices: ['Godavari', 'Krishna', 'Narmada', 'Mahanadi'],
        ansIndex: 2,
        explanation:
          'The Narmada flows west through a rift valley into the Arabian Sea; ' +
          'the other three drain into the Bay of Bengal.',
      },
      {
        topic: 'Indian Geography',
        qn: 'The Tropic of Cancer does NOT pass through which of the following states?',
        choices: ['Rajasthan', 'Odisha', 'Tripura', 'Mizoram'],
        ansIndex: 1,
        explanation:
          'The Tropic of Cancer crosses Gujarat, Rajasthan, Madhya Pradesh, Chhattisgarh, Jharkhand, ' +
          'West Bengal, Tripura and Mizoram, but not Odisha.',
      },
      {
        topic: 'Indian Geography',
        qn: 'The Palk Strait separates India from:',
        choices: ['Sri Lanka', 'Maldives', 'Myanmar', 'Indonesia'],
        ansIndex: 0,
        explanation: 'The Palk Strait lies between Tamil Nadu and the northern tip of Sri Lanka.',
      },
      {
        topic: 'Indian Geography',
        qn: 'Black soil (regur) of the Deccan plateau is best suited for growing:',
        choices: ['Tea', 'Cotton', 'Rice', 'Coffee'],
        ansIndex: 1,
        explanation:
          'Black soil retains moisture well and is rich in lime and iron, which makes it ideal for cotton.',
      },
      {
        topic: 'Indian Geography',
        qn:
          'Consider the following statements:\n' +
          '1. The Himalayas are young fold mountains.\n' +
          '2. The Aravalli range is one of the oldest fold mountain ranges in the world.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 2,
        explanation:
          'The Himalayas are young fold mountains still rising today, while the Aravallis are among the ' +
          'oldest fold mountains on Earth.',
      },
      {
        topic: 'Environment',
        qn: 'The Montreal Protocol is an international treaty on:',
        choices: [
          'Conservation of wetlands',
          'Trade in endangered species',
          'Combating desertification',
          'Phasing out ozone-depleting substances',
        ],
        ansIndex: 3,
        explanation:
          'The Montreal Protocol (1987) phases out substances such as CFCs that deplete the ozone layer.',
      },
      {
        topic: 'Environment',
        qn: 'The Ramsar Convention is concerned with the conservation of:',
        choices: ['Wetlands', 'Migratory birds only', 'Tropical forests', 'Coral reefs only'],
        ansIndex: 0,
        explanation:
          'The Ramsar Convention (1971) is the treaty for the conservation and wise use of wetlands.',
      },
      {
        topic: 'Environment',
        qn: 'Kaziranga National Park, famous for the one-horned rhinoceros, is located in:',
        choices: ['West Bengal', 'Assam', 'Meghalaya', 'Arunachal Pradesh'],
        ansIndex: 1,
        explanation:
          'Kaziranga lies on the Brahmaputra floodplain in Assam and is a UNESCO World Heritage Site.',
      },
      {
        topic: 'Environment',
        qn: 'Which greenhouse gas is released in the largest quantity by burning fossil fuels?',
        choices: ['Methane', 'Nitrous oxide', 'Carbon dioxide', 'Ozone'],
        ansIndex: 2,
        explanation:
          'Burning coal, oil and gas releases mainly carbon dioxide, the chief driver of global warming.',
      },
      {
        topic: 'Indian Geography',
        qn: 'Which Indian state has the longest coastline?',
        choices: ['Tamil Nadu', 'Andhra Pradesh', 'Maharashtra', 'Gujarat'],
        ansIndex: 3,
        explanation:
          'Gujarat has the longest coastline of any Indian state, with the Gulfs of Kachchh and Khambhat.',
      },
      {
        topic: 'Indian Geography',
        qn: 'Loktak Lake, known for its floating phumdis, is located in:',
        choices: ['Nagaland', 'Manipur', 'Mizoram', 'Tripura'],
        ansIndex: 1,
        explanation:
          'Loktak Lake is in Manipur and holds Keibul Lamjao, the only floating national park in the world.',
      },
      {
        topic: 'Indian Geography',
        qn: 'Most of the rainfall that India receives between June and September comes from the:',
        choices: ['North-East monsoon', 'Western disturbances', 'South-West monsoon', 'Polar easterlies'],
        ansIndex: 2,
        explanation:
          "The South-West monsoon brings most of India's annual rainfall from June to September; " +
          'the North-East monsoon mainly affects Tamil Nadu in winter.',
      },
    ],
  },
  {
    key: 'upsc-economy-basics',
    name: 'UPSC Prelims: Indian Economy Basics',
    desc: 'National income, fiscal and monetary concepts tested in the UPSC Prelims economy section.',
    exam: 'UPSC',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Select exactly one option for each question.',
      'Read statement-based questions carefully before choosing.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'National Income',
        qn:
          'Consider the following statements:\n' +
          '1. GDP measures the value of final goods and services ' +
          "produced within a country's domestic territory.\n" +
          '2. GNP is equal to GDP plus net factor income from abroad.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 2,
        explanation:
          'GDP is a domestic-territory measure, and adding net factor income from abroad to it gives GNP.',
      },
      {
        topic: 'Monetary Policy',
        qn: 'Which institution is responsible for monetary policy in India?',
        choices: ['Reserve Bank of India', 'Ministry of Finance', 'NITI Aayog', 'SEBI'],
        ansIndex: 0,
        explanation:
          'The RBI conducts monetary policy; its Monetary Policy Committee sets the policy repo rate.',
      },
      {
        topic: 'Public Finance',
        qn: 'Fiscal deficit is best defined as:',
        choices: [
          'Revenue expenditure minus revenue receipts',
          'Total expenditure minus total receipts excluding borrowings',
          'Total expenditure minus revenue receipts',
          'Revenue deficit minus interest payments',
        ],
        ansIndex: 1,
        explanation:
          "Fiscal deficit is the government's total borrowing requirement: total expenditure minus " +
          'receipts other than borrowings.',
      },
      {
        topic: 'Public Finance',
        qn: 'The Goods and Services Tax (GST) was introduced through which Constitutional Amendment Act?',
        choices: ['73rd', '86th', '101st', '103rd'],
        ansIndex: 2,
        explanation: 'The 101st Amendment Act, 2016 enabled GST, which came into force on 1 July 2017.',
      },
      {
        topic: 'Inflation',
        qn:
          'Inflation caused by a rise in the cost of production, ' +
          'such as higher wages or raw material prices, is:',
        choices: ['Demand-pull inflation', 'Deflation', 'Stagflation', 'Cost-push inflation'],
        ansIndex: 3,
        explanation: 'When rising input costs push prices up, it is called cost-push inflation.',
      },
      {
        topic: 'Public Finance',
        qn: 'Which of the following is a direct tax?',
        choices: ['Goods and Services Tax', 'Income tax', 'Customs duty', 'Excise duty'],
        ansIndex: 1,
        explanation:
          'Income tax is paid directly by the person on whom it ' +
          'is levied; GST, customs and excise are indirect taxes.',
      },
      {
        topic: 'Planning',
        qn: 'In which year did NITI Aayog replace the Planning Commission?',
        choices: ['2012', '2014', '2015', '2017'],
        ansIndex: 2,
        explanation:
          'NITI Aayog was set up on 1 January 2015, replacing the Planning Commission formed in 1950.',
      },
      {
        topic: 'Monetary Policy',
        qn: "The term 'open market operations' refers to:",
        choices: [
          'Buying and selling of government securities by the central bank',
          'Trading of shares by foreign investors on stock exchanges',
          'Government borrowing from the IMF',
          'Sale of public sector shares to the public',
        ],
        ansIndex: 0,
        explanation:
          'Through open market operations the RBI buys or sells ' +
          'government securities to inject or absorb liquidity.',
      },
      {
        topic: 'National Income',
        qn: 'Which of the following activities belongs to the primary sector?',
        choices: ['Banking', 'Fishing', 'Cement manufacturing', 'Tourism'],
        ansIndex: 1,
        explanation:
          'The primary sector uses natural resources directly (agriculture, fishing, mining); ' +
          'manufacturing is secondary and services are tertiary.',
      },
      {
        topic: 'Inflation',
        qn: 'The Consumer Price Index (CPI) measures changes in:',
        choices: [
          'Wholesale prices of goods traded in bulk',
          'Industrial output',
          'Retail prices of a basket of goods and services bought by households',
          'Share prices on stock exchanges',
        ],
        ansIndex: 2,
        explanation:
          'CPI tracks retail prices paid by consumers; the Wholesale Price Index tracks bulk prices.',
      },
      {
        topic: 'Public Finance',
        qn: 'The Finance Commission is constituted under which Article of the Constitution?',
        choices: ['Article 112', 'Article 324', 'Article 360', 'Article 280'],
        ansIndex: 3,
        explanation:
          'Article 280 provides for a Finance Commission every five years to recommend sharing of taxes ' +
          'between the Union and the states.',
      },
      {
        topic: 'Government Schemes',
        qn:
          'MGNREGA guarantees how many days of wage employment ' +
          'in a financial year to every rural household?',
        choices: ['50 days', '100 days', '150 days', '200 days'],
        ansIndex: 1,
        explanation:
          'The Mahatma Gandhi National Rural Employment Guarantee Act, 2005 guarantees at least 100 days ' +
          'of unskilled wage work.',
      },
    ],
  },
  {
    key: 'ssc-quant-aptitude',
    name: 'SSC CGL: Quantitative Aptitude Drill',
    desc: 'Percentages, profit and loss, interest, time and work, and algebra at SSC CGL Tier 1 level.',
    exam: 'SSC',
    class: COMPETITIVE,
    durationMin: 20,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Keep a pen and paper ready for rough work.',
      'Select exactly one option for each multiple-choice question; for a numerical-value question, type the number.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Profit and Loss',
        qn: 'An article costing ₹800 is sold at a profit of 15%. What is its selling price?',
        choices: ['₹880', '₹900', '₹920', '₹950'],
        ansIndex: 2,
        explanation: 'SP = 800 x 115/100 = ₹920.',
      },
      {
        topic: 'Speed and Distance',
        qn: 'A train 150 m long runs at 54 km/h. How many seconds does it take to cross a pole?',
        choices: ['8 seconds', '10 seconds', '12 seconds', '15 seconds'],
        ansIndex: 1,
        explanation: '54 km/h = 54 x 5/18 = 15 m/s, so time = 150 / 15 = 10 seconds.',
      },
      {
        topic: 'Interest',
        qn: 'What is the simple interest on ₹5,000 at 8% per annum for 3 years?',
        choices: ['₹1,200', '₹1,000', '₹1,320', '₹1,500'],
        ansIndex: 0,
        explanation: 'SI = P x R x T / 100 = 5000 x 8 x 3 / 100 = ₹1,200.',
      },
      {
        topic: 'Averages',
        qn: 'The average of five consecutive odd numbers is 27. What is the largest of them?',
        choices: ['35', '33', '29', '31'],
        ansIndex: 3,
        explanation: 'The middle number equals the average, so the numbers are 23, 25, 27, 29 and 31.',
      },
      {
        topic: 'Time and Work',
        qn:
          'A can finish a piece of work in 12 days and B in 18 ' +
          'days. Working together, how long will they take?',
        choices: ['6 days', '7.5 days', '7.2 days', '15 days'],
        ansIndex: 2,
        explanation: 'Together they do 1/12 + 1/18 = 5/36 of the work per day, so they need 36/5 = 7.2 days.',
      },
      {
        topic: 'Percentages',
        qn: 'What is 25% of 40% of 600?',
        choices: ['40', '50', '90', '60'],
        ansIndex: 3,
        explanation: '40% of 600 = 240, and 25% of 240 = 60.',
      },
      {
        topic: 'Ratio and Proportion',
        qn: 'Two numbers are in the ratio 3 : 5 and their sum is 96. What is the larger number?',
        choices: ['36', '48', '60', '64'],
        ansIndex: 2,
        explanation: 'Each part = 96 / (3 + 5) = 12, so the larger number is 5 x 12 = 60.',
      },
      {
        topic: 'Number System',
        qn: 'What is the LCM of 36 and 84?',
        choices: ['252', '126', '168', '504'],
        ansIndex: 0,
        explanation: '36 = 2^2 x 3^2 and 84 = 2^2 x 3 x 7, so LCM = 2^2 x 3^2 x 7 = 252.',
      },
      {
        topic: 'Profit and Loss',
        qn: 'An article is marked at ₹1,200 and sold at a discount of 10%. What is the selling price?',
        choices: ['₹1,050', '₹1,080', '₹1,100', '₹1,120'],
        ansIndex: 1,
        explanation: 'Discount = 10% of 1200 = ₹120, so SP = 1200 - 120 = ₹1,080.',
      },
      {
        topic: 'Interest',
        qn: 'What is the compound interest on ₹10,000 at 10% per annum for 2 years, compounded annually?',
        choices: ['₹2,000', '₹2,200', '₹2,210', '₹2,100'],
        ansIndex: 3,
        explanation: 'Amount = 10000 x 1.1 x 1.1 = ₹12,100, so CI = 12100 - 10000 = ₹2,100.',
      },
      {
        topic: 'Algebra',
        qn: 'If x + 1/x = 5, what is the value of x^2 + 1/x^2?',
        choices: ['23', '25', '27', '21'],
        ansIndex: 0,
        explanation: 'Squaring gives x^2 + 2 + 1/x^2 = 25, so x^2 + 1/x^2 = 23.',
      },
      {
        topic: 'Percentages',
        qn: 'When a number is increased by 20%, it becomes 90. What is the number?',
        choices: ['70', '72', '75', '78'],
        ansIndex: 2,
        explanation: 'The number x satisfies 1.2x = 90, so x = 75.',
      },
    ],
  },
  {
    key: 'ssc-reasoning',
    name: 'SSC: General Intelligence and Reasoning',
    desc: 'Series, coding-decoding, analogies, directions and blood relations for SSC CGL and CHSL.',
    exam: 'SSC',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Keep a pen and paper ready for rough work.',
      'Select exactly one option for each multiple-choice question; for a numerical-value question, type the number.',
    ],
    questions: [
      {
        topic: 'Series',
        qn: 'Find the next number in the series: 2, 6, 12, 20, 30, ?',
        choices: ['40', '42', '44', '36'],
        ansIndex: 1,
        explanation: 'The terms are 1x2, 2x3, 3x4, 4x5, 5x6, so the next term is 6x7 = 42.',
      },
      {
        topic: 'Coding-Decoding',
        qn: "In a certain code, 'CAT' is written as 'DBU'. How is 'DOG' written in that code?",
        choices: ['EPH', 'CNF', 'EOH', 'DPH'],
        ansIndex: 0,
        explanation: 'Each letter moves one place forward: D to E, O to P, G to H, giving EPH.',
      },
      {
        topic: 'Classification',
        qn: 'Find the odd one out.',
        choices: ['Square', 'Triangle', 'Cube', 'Rectangle'],
        ansIndex: 2,
        explanation: 'A cube is a three-dimensional solid; the others are two-dimensional plane figures.',
      },
      {
        topic: 'Blood Relations',
        qn:
          "Pointing to a man, Riya (a woman) says, 'His mother is the only daughter of my mother.' " +
          'How is the man related to Riya?',
        choices: ['Brother', 'Nephew', 'Son', 'Cousin'],
        ansIndex: 2,
        explanation:
          "The only daughter of Riya's mother is Riya herself, so she is the man's mother and he is her son.",
      },
      {
        topic: 'Analogy',
        qn: 'Book : Author :: Statue : ?',
        choices: ['Painter', 'Carpenter', 'Architect', 'Sculptor'],
        ansIndex: 3,
        explanation: 'An author creates a book, and a sculptor creates a statue.',
      },
      {
        topic: 'Calendar and Clock',
        qn:
          'If 1 January of a non-leap year is a Monday, what ' +
          'day of the week is 1 January of the next year?',
        choices: ['Monday', 'Tuesday', 'Wednesday', 'Sunday'],
        ansIndex: 1,
        explanation: 'A non-leap year has 365 days = 52 weeks + 1 odd day, so the day moves forward by one.',
      },
      {
        topic: 'Direction Sense',
        qn:
          'A man walks 5 km north, turns right and walks 3 km, then turns right again and walks 5 km. ' +
          'Where is he now with respect to his starting point?',
        choices: ['3 km West', '8 km East', '3 km East', '5 km South'],
        ansIndex: 2,
        explanation: 'He goes north 5 km, east 3 km and south 5 km, ending 3 km east of where he started.',
      },
      {
        topic: 'Series',
        qn: 'Find the next letter in the series: A, C, F, J, O, ?',
        choices: ['T', 'U', 'V', 'S'],
        ansIndex: 1,
        explanation:
          'Positions 1, 3, 6, 10, 15 increase by 2, 3, 4, 5, so the next is 15 + 6 = 21, which is U.',
      },
      {
        topic: 'Series',
        qn: 'Find the next number in the series: 3, 9, 27, 81, ?',
        choices: ['162', '324', '729', '243'],
        ansIndex: 3,
        explanation: 'Each term is three times the previous one, so 81 x 3 = 243.',
      },
      {
        topic: 'Ranking and Order',
        qn:
          'In a row of 40 students, Amit is 12th from the ' +
          'left end. What is his position from the right end?',
        choices: ['29th', '28th', '30th', '27th'],
        ansIndex: 0,
        explanation: 'Position from the right = 40 - 12 + 1 = 29.',
      },
      {
        topic: 'Analogy',
        qn: '7 : 49 :: 9 : ?',
        choices: ['63', '72', '81', '90'],
        ansIndex: 2,
        explanation: 'The second number is the square of the first: 7^2 = 49 and 9^2 = 81.',
      },
      {
        topic: 'Calendar and Clock',
        qn: 'What is the angle between the hour hand and the minute hand of a clock at 3:30?',
        choices: ['60 degrees', '90 degrees', '105 degrees', '75 degrees'],
        ansIndex: 3,
        explanation:
          'The hour hand is at 3.5 x 30 = 105 degrees and the minute hand at 180 degrees, ' +
          'so the angle is 75 degrees.',
      },
    ],
  },
  {
    key: 'ssc-english-language',
    name: 'SSC: English Language Practice',
    desc: 'Synonyms, antonyms, idioms, error spotting and voice for the SSC English section.',
    exam: 'SSC',
    class: COMPETITIVE,
    durationMin: 10,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Select the most appropriate option for each question.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Vocabulary',
        qn: "Choose the synonym of 'ABUNDANT'.",
        choices: ['Scarce', 'Plentiful', 'Rare', 'Meagre'],
        ansIndex: 1,
        explanation: "Abundant means existing in large quantities, i.e. 'plentiful'.",
      },
      {
        topic: 'Vocabulary',
        qn: "Choose the antonym of 'ANCIENT'.",
        choices: ['Antique', 'Archaic', 'Old', 'Modern'],
        ansIndex: 3,
        explanation:
          "Ancient means very old, so its opposite is 'modern'; the other options are near-synonyms.",
      },
      {
        topic: 'Spelling',
        qn: 'Choose the correctly spelt word.',
        choices: ['Accomodate', 'Acommodate', 'Accommodate', 'Acomodate'],
        ansIndex: 2,
        explanation: "'Accommodate' is spelt with a double 'c' and a double 'm'.",
      },
      {
        topic: 'Vocabulary',
        qn: "Choose the one-word substitute for 'a person who cannot be corrected or reformed'.",
        choices: ['Invincible', 'Incorrigible', 'Indelible', 'Infallible'],
        ansIndex: 1,
        explanation: "'Incorrigible' describes someone whose faults cannot be corrected.",
      },
      {
        topic: 'Idioms',
        qn: "What is the meaning of the idiom 'to bite the bullet'?",
        choices: [
          'To face a difficult situation with courage',
          'To eat in a hurry',
          'To get badly hurt',
          'To start a quarrel',
        ],
        ansIndex: 0,
        explanation: 'To bite the bullet is to accept and face something unpleasant bravely.',
      },
      {
        topic: 'Grammar',
        qn: "Fill in the blank: 'She has been living in Delhi ____ 2015.'",
        choices: ['for', 'from', 'since', 'by'],
        ansIndex: 2,
        explanation:
          "'Since' is used with a point of time in the perfect " +
          "continuous tense; 'for' is used with a period.",
      },
      {
        topic: 'Grammar',
        qn:
          'Identify the part of the sentence that contains an error: ' +
          "'One of my friends / are going / to Mumbai / tomorrow.'",
        choices: ['One of my friends', 'are going', 'to Mumbai', 'tomorrow'],
        ansIndex: 1,
        explanation: "The subject 'One of my friends' is singular, so it should be 'is going'.",
      },
      {
        topic: 'Grammar',
        qn: "Choose the correct passive voice of: 'The cat chased the mouse.'",
        choices: [
          'The mouse is chased by the cat.',
          'The mouse has been chased by the cat.',
          'The mouse had chased the cat.',
          'The mouse was chased by the cat.',
        ],
        ansIndex: 3,
        explanation:
          "The active sentence is in the simple past, so the passive uses 'was' + past participle.",
      },
      {
        topic: 'Grammar',
        qn: "What is the plural of 'criterion'?",
        choices: ['criteria', 'criterions', 'criterias', 'criterium'],
        ansIndex: 0,
        explanation: "'Criterion' is of Greek origin and its plural is 'criteria'.",
      },
      {
        topic: 'Vocabulary',
        qn: "Choose the antonym of 'VERBOSE'.",
        choices: ['Wordy', 'Talkative', 'Concise', 'Lengthy'],
        ansIndex: 2,
        explanation: "Verbose means using more words than needed, so its opposite is 'concise'.",
      },
      {
        topic: 'Vocabulary',
        qn: "Choose the one-word substitute for 'the scientific study of birds'.",
        choices: ['Entomology', 'Herpetology', 'Ichthyology', 'Ornithology'],
        ansIndex: 3,
        explanation:
          'Ornithology is the study of birds; the others study insects, reptiles and fish respectively.',
      },
      {
        topic: 'Vocabulary',
        qn: "Choose the synonym of 'BENEVOLENT'.",
        choices: ['Cruel', 'Kind', 'Selfish', 'Greedy'],
        ansIndex: 1,
        explanation: "Benevolent means well-meaning and generous, i.e. 'kind'.",
      },
    ],
  },
  {
    key: 'banking-awareness',
    name: 'Banking Awareness: RBI and Banking Basics',
    desc: 'Static banking awareness for IBPS and SBI PO and Clerk exams.',
    exam: 'Banking',
    class: COMPETITIVE,
    durationMin: 10,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Select exactly one option for each question.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'RBI',
        qn: 'In which year was the Reserve Bank of India established?',
        choices: ['1935', '1947', '1949', '1969'],
        ansIndex: 0,
        explanation:
          'The RBI began operations on 1 April 1935 under the RBI Act, 1934 and was nationalised in 1949.',
      },
      {
        topic: 'RBI',
        qn: 'Where is the central office of the Reserve Bank of India located?',
        choices: ['New Delhi', 'Mumbai', 'Kolkata', 'Chennai'],
        ansIndex: 1,
        explanation:
          'The RBI started in Calcutta and moved its central office permanently to Mumbai in 1937.',
      },
      {
        topic: 'Monetary Policy',
        qn:
          'The rate at which the RBI lends short-term funds to commercial banks against government ' +
          'securities is called the:',
        choices: ['Reverse repo rate', 'Bank rate', 'Repo rate', 'Cash Reserve Ratio'],
        ansIndex: 2,
        explanation:
          'Repo is short for repurchase agreement: banks sell securities to the RBI and buy them back, ' +
          'paying the repo rate.',
      },
      {
        topic: 'Monetary Policy',
        qn: 'In banking, CRR stands for:',
        choices: [
          'Credit Reserve Ratio',
          'Capital Reserve Ratio',
          'Current Reserve Rate',
          'Cash Reserve Ratio',
        ],
        ansIndex: 3,
        explanation:
          'The Cash Reserve Ratio is the share of deposits that banks must keep with the RBI as cash.',
      },
      {
        topic: 'Payment Systems',
        qn: 'NEFT, a payment system used in India, stands for:',
        choices: [
          'National Electronic Financial Transaction',
          'National Electronic Funds Transfer',
          'Net Electronic Funds Transfer',
          'National E-Fund Transmission',
        ],
        ansIndex: 1,
        explanation: 'NEFT is National Electronic Funds Transfer, a payment system run by the RBI.',
      },
      {
        topic: 'Banking History',
        qn:
          'The first phase of bank nationalisation, in which ' +
          '14 major banks were nationalised, took place in:',
        choices: ['1955', '1980', '1969', '1991'],
        ansIndex: 2,
        explanation: 'Fourteen banks were nationalised on 19 July 1969, and six more followed in 1980.',
      },
      {
        topic: 'Financial Institutions',
        qn:
          'Consider the following statements:\n' +
          '1. NABARD provides refinance for agriculture and rural development.\n' +
          '2. SIDBI has its headquarters in Mumbai.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 0,
        explanation:
          'NABARD is the apex refinance institution for agriculture and rural development. ' +
          'SIDBI is headquartered in Lucknow, not Mumbai.',
      },
      {
        topic: 'RBI',
        qn: 'Which of the following is NOT a function of the Reserve Bank of India?',
        choices: [
          'Issuing currency notes',
          'Acting as banker to the government',
          'Accepting deposits from the general public',
          'Regulating the banking system',
        ],
        ansIndex: 2,
        explanation:
          'The RBI is a banker to the government and to banks; it does not take deposits from the public.',
      },
      {
        topic: 'Currency',
        qn: 'Whose signature appears on the ₹1 currency note in India?',
        choices: [
          'Governor of the RBI',
          'Union Finance Minister',
          'Chief Economic Adviser',
          'Finance Secretary',
        ],
        ansIndex: 3,
        explanation:
          'The ₹1 note is issued by the Government of India and signed by the Finance Secretary; ' +
          "other notes carry the RBI Governor's signature.",
      },
      {
        topic: 'Payment Systems',
        qn: 'The Unified Payments Interface (UPI) was developed by:',
        choices: ['NPCI', 'RBI', 'SEBI', 'NABARD'],
        ansIndex: 0,
        explanation:
          'UPI was developed by the National Payments Corporation of India (NPCI) and launched in 2016.',
      },
      {
        topic: 'Banking Terms',
        qn: 'In banking, KYC stands for:',
        choices: ['Keep Your Cash', 'Know Your Customer', 'Know Your Credit', 'Key Your Code'],
        ansIndex: 1,
        explanation:
          'Know Your Customer norms require banks to verify the identity and address of customers.',
      },
      {
        topic: 'Banking Terms',
        qn: 'For how long from its date of issue is a cheque valid for payment in India?',
        choices: ['6 months', '12 months', '3 months', '1 month'],
        ansIndex: 2,
        explanation:
          'Since April 2012, RBI rules make cheques valid for three months from the date of issue.',
      },
    ],
  },
  {
    key: 'banking-quant-reasoning',
    name: 'IBPS PO Prelims: Quant and Reasoning Mix',
    desc: 'A mixed set of quantitative aptitude and reasoning questions at IBPS PO Prelims level.',
    exam: 'Banking',
    class: COMPETITIVE,
    durationMin: 20,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking.',
      'Keep a pen and paper ready for rough work.',
      'Select exactly one option for each multiple-choice question; for a numerical-value question, type the number.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Simplification',
        qn: 'Simplify: 45% of 240 + 18 x 5 = ?',
        choices: ['188', '198', '208', '218'],
        ansIndex: 1,
        explanation: '45% of 240 = 108 and 18 x 5 = 90, so the total is 198.',
      },
      {
        topic: 'Series',
        qn: 'Find the next number in the series: 5, 11, 23, 47, 95, ?',
        choices: ['181', '189', '191', '195'],
        ansIndex: 2,
        explanation: 'Each term is twice the previous term plus 1, so 95 x 2 + 1 = 191.',
      },
      {
        topic: 'Interest',
        qn:
          'A sum of money amounts to ₹7,260 in 2 years at 10% ' +
          'per annum compound interest. Find the principal.',
        choices: ['₹6,000', '₹5,800', '₹6,200', '₹6,600'],
        ansIndex: 0,
        explanation: 'P x 1.1 x 1.1 = 7260, so P = 7260 / 1.21 = ₹6,000.',
      },
      {
        topic: 'Ages',
        qn:
          'The ratio of the present ages of A and B is 4 : 5. After 5 years the ratio will be 5 : 6. ' +
          'What is the present age of A?',
        choices: ['15 years', '25 years', '30 years', '20 years'],
        ansIndex: 3,
        explanation:
          '(4x + 5) / (5x + 5) = 5/6 gives 24x + 30 = 25x + 25, so x = 5 and A is 4 x 5 = 20 years old.',
      },
      {
        topic: 'Speed and Distance',
        qn:
          'The speed of a boat in still water is 15 km/h and the speed of the stream is 3 km/h. ' +
          'How long will the boat take to travel 36 km downstream?',
        choices: ['1.5 hours', '2.4 hours', '2 hours', '3 hours'],
        ansIndex: 2,
        explanation: 'Downstream speed = 15 + 3 = 18 km/h, so time = 36 / 18 = 2 hours.',
      },
      {
        topic: 'Mixtures',
        qn:
          '60 litres of a mixture contains milk and water in the ratio 2 : 1. ' +
          'How much water must be added to make the ratio 1 : 1?',
        choices: ['10 litres', '20 litres', '15 litres', '30 litres'],
        ansIndex: 1,
        explanation:
          'The mixture has 40 litres of milk and 20 litres of water, so 20 more litres of water are needed.',
      },
      {
        topic: 'Syllogism',
        qn:
          'Statements: All pens are books. All books are bags.\n' +
          'Conclusions:\nI. All pens are bags.\nII. Some bags are pens.\n' +
          'Which conclusion(s) follow?',
        choices: ['Only I follows', 'Only II follows', 'Both I and II follow', 'Neither I nor II follows'],
        ansIndex: 2,
        explanation:
          'All pens are books and all books are bags, so all pens are bags (I). ' +
          'Its conversion gives some bags are pens (II).',
      },
      {
        topic: 'Inequality',
        qn: 'If P > Q, Q >= R and R > S, which of the following is definitely true?',
        choices: ['S > Q', 'R > P', 'Q = S', 'P > S'],
        ansIndex: 3,
        explanation: 'Combining the chain gives P > Q >= R > S, so P > S must be true.',
      },
      {
        topic: 'Seating Arrangement',
        qn:
          'Five friends A, B, C, D and E sit in a row facing north. C sits in the middle. ' +
          'A sits to the immediate left of C. E sits at the ' +
          'extreme right end. B does not sit at either end. ' +
          'Who sits at the extreme left end?',
        choices: ['D', 'A', 'B', 'E'],
        ansIndex: 0,
        explanation:
          'From the left: A is second, C third and E fifth. B ' +
          'cannot be at an end, so B is fourth and D is first.',
      },
      {
        topic: 'Percentages',
        qn:
          'Ravi spends 75% of his income. His income rises by 20% and his expenditure rises by 10%. ' +
          'By what percent do his savings increase?',
        choices: ['30%', '50%', '40%', '60%'],
        ansIndex: 1,
        explanation:
          'On an income of 100, savings are 25. New income 120 minus new spending 82.5 leaves 37.5, ' +
          'which is a 50% increase.',
      },
      {
        topic: 'Coding-Decoding',
        qn: "In a certain code, 'BANK' is written as 'KNAB'. How is 'LOAN' written in that code?",
        choices: ['NOAL', 'LANO', 'ONAL', 'NAOL'],
        ansIndex: 3,
        explanation: 'The code writes the letters in reverse order, so LOAN becomes NAOL.',
      },
      {
        topic: 'Profit and Loss',
        qn: 'A shopkeeper buys 12 pens for ₹100 and sells 10 pens for ₹100. What is his profit percentage?',
        choices: ['16.67%', '20%', '25%', '10%'],
        ansIndex: 1,
        explanation: 'CP of 60 pens = ₹500 and SP of 60 pens = ₹600, so profit = 100/500 = 20%.',
      },
    ],
  },
  {
    key: 'neet-biology-cell-physiology',
    name: 'NEET Biology: Cell Biology and Human Physiology',
    desc: 'NCERT-based cell biology, genetics and human physiology questions for NEET-UG.',
    exam: 'NEET',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking in this practice set.',
      'Questions follow the NCERT Class 11 and 12 Biology syllabus.',
      'Select exactly one option for each question.',
    ],
    questions: [
      {
        topic: 'Cell Biology',
        qn: "Which cell organelle is called the 'powerhouse of the cell'?",
        choices: ['Ribosome', 'Golgi apparatus', 'Mitochondrion', 'Lysosome'],
        ansIndex: 2,
        explanation: "Mitochondria carry out aerobic respiration and produce most of the cell's ATP.",
      },
      {
        topic: 'Cell Biology',
        qn: "Which cell organelle is known as the 'suicidal bag' of the cell?",
        choices: ['Lysosome', 'Peroxisome', 'Vacuole', 'Centrosome'],
        ansIndex: 0,
        explanation: 'Lysosomes hold hydrolytic enzymes that can digest the cell itself if released.',
      },
      {
        topic: 'Genetics',
        qn: 'How many chromosomes are present in a normal human somatic cell?',
        choices: ['23', '46', '44', '48'],
        ansIndex: 1,
        explanation:
          'Human somatic cells are diploid, with 23 pairs (46) ' +
          'of chromosomes: 44 autosomes and 2 sex chromosomes.',
      },
      {
        topic: 'Human Physiology',
        qn: 'In the ABO blood group system, people of which blood group are called universal donors?',
        choices: ['A', 'B', 'AB', 'O'],
        ansIndex: 3,
        explanation:
          'Group O red cells carry neither A nor B antigens, so they can be given to any ABO group.',
      },
      {
        topic: 'Human Physiology',
        qn: 'Insulin is secreted by which cells of the pancreas?',
        choices: [
          'Alpha cells of the islets of Langerhans',
          'Beta cells of the islets of Langerhans',
          'Delta cells of the islets of Langerhans',
          'Acinar cells of the exocrine pancreas',
        ],
        ansIndex: 1,
        explanation:
          'Beta cells secrete insulin, alpha cells secrete glucagon and delta cells secrete somatostatin.',
      },
      {
        topic: 'Human Physiology',
        qn: 'What is the structural and functional unit of the kidney?',
        choices: ['Nephron', 'Neuron', 'Alveolus', 'Villus'],
        ansIndex: 0,
        explanation: 'Each human kidney has about a million nephrons, which filter blood and form urine.',
      },
      {
        topic: 'Genetics',
        qn:
          'Consider the following statements about DNA:\n' +
          '1. Adenine pairs with thymine through two hydrogen bonds.\n' +
          '2. Guanine pairs with cytosine through three hydrogen bonds.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 2,
        explanation:
          'A-T pairs form two hydrogen bonds and G-C pairs form three, which makes GC-rich DNA more stable.',
      },
      {
        topic: 'Human Physiology',
        qn: 'Deficiency of which vitamin causes scurvy?',
        choices: ['Vitamin A', 'Vitamin B12', 'Vitamin D', 'Vitamin C'],
        ansIndex: 3,
        explanation:
          'Vitamin C (ascorbic acid) is needed to make collagen, and its deficiency causes scurvy.',
      },
      {
        topic: 'Plant Physiology',
        qn: 'The light reactions of photosynthesis take place in the:',
        choices: ['Stroma', 'Thylakoid membranes', 'Cytoplasm', 'Mitochondrial matrix'],
        ansIndex: 1,
        explanation:
          'Photosystems and the electron transport chain sit in the thylakoid membranes; ' +
          'the Calvin cycle runs in the stroma.',
      },
      {
        topic: 'Human Physiology',
        qn: 'Which structure acts as the natural pacemaker of the human heart?',
        choices: ['AV node', 'Bundle of His', 'SA node', 'Purkinje fibres'],
        ansIndex: 2,
        explanation:
          'The sino-atrial (SA) node in the right atrium starts each heartbeat and sets its rhythm.',
      },
      {
        topic: 'Human Physiology',
        qn: 'Which enzyme present in saliva begins the digestion of starch?',
        choices: ['Salivary amylase', 'Pepsin', 'Trypsin', 'Lipase'],
        ansIndex: 0,
        explanation: 'Salivary amylase (ptyalin) breaks starch down into maltose in the mouth.',
      },
      {
        topic: 'Genetics',
        qn: 'The process by which an mRNA molecule is synthesised from a DNA template is called:',
        choices: ['Replication', 'Transcription', 'Translation', 'Transformation'],
        ansIndex: 1,
        explanation: 'Transcription copies DNA into RNA; translation then uses mRNA to build a protein.',
      },
    ],
  },
  {
    key: 'neet-chemistry-formulas',
    name: 'NEET Chemistry: Physical Chemistry with Formulas (English / हिन्दी)',
    desc: 'Mole concept, solutions, equilibrium, kinetics, thermodynamics and atomic structure for NEET-UG, in English and Hindi.',
    exam: 'NEET',
    class: COMPETITIVE,
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking in this practice set.',
      'Every question can be read in English or Hindi: use the English / हिन्दी switch above it.',
      'Keep a pen and paper ready for numerical questions.',
      'Select exactly one option for each question.',
    ],
    questions: [
      {
        topic: 'Ionic Equilibrium',
        qn: tex`What is the pH of a $0.001\ \text{M}$ solution of $\text{HCl}$?`,
        choices: ['1', '3', '11', '0.001'],
        ansIndex: 1,
        explanation: tex`$\text{HCl}$ ionises completely, so $[\text{H}^+] = 10^{-3}\ \text{M}$ and $\text{pH} = -\log[\text{H}^+] = 3$.`,
        qnHi: tex`$\text{HCl}$ के $0.001\ \text{M}$ विलयन का pH क्या है?`,
        choicesHi: ['1', '3', '11', '0.001'],
        explanationHi: tex`$\text{HCl}$ पूर्णतः आयनित होता है, अतः $[\text{H}^+] = 10^{-3}\ \text{M}$ तथा $\text{pH} = -\log[\text{H}^+] = 3$।`,
      },
      {
        topic: 'Mole Concept',
        qn: tex`How many moles are present in $22\ \text{g}$ of $\text{CO}_2$? (molar mass $44\ \text{g mol}^{-1}$)`,
        choices: ['2', '0.25', '0.5', '1'],
        ansIndex: 2,
        explanation: tex`$n = \dfrac{m}{M} = \dfrac{22}{44} = 0.5\ \text{mol}$.`,
        qnHi: tex`$22\ \text{g}$ $\text{CO}_2$ में कितने मोल होते हैं? (मोलर द्रव्यमान $44\ \text{g mol}^{-1}$)`,
        choicesHi: ['2', '0.25', '0.5', '1'],
        explanationHi: tex`$n = \dfrac{m}{M} = \dfrac{22}{44} = 0.5\ \text{mol}$।`,
      },
      {
        topic: 'States of Matter',
        qn: tex`At STP one mole of an ideal gas occupies $22.4\ \text{L}$. By $PV = nRT$, the volume of $2$ mol of the gas at the same temperature and pressure is`,
        choices: [tex`$44.8\ \text{L}$`, tex`$11.2\ \text{L}$`, tex`$22.4\ \text{L}$`, tex`$89.6\ \text{L}$`],
        ansIndex: 0,
        explanation: tex`At fixed $P$ and $T$, $V \propto n$, so $V = 2 \times 22.4 = 44.8\ \text{L}$.`,
        qnHi: tex`STP पर एक मोल आदर्श गैस $22.4\ \text{L}$ आयतन घेरती है। $PV = nRT$ के अनुसार उसी ताप और दाब पर $2$ मोल गैस का आयतन होगा`,
        choicesHi: [
          tex`$44.8\ \text{L}$`,
          tex`$11.2\ \text{L}$`,
          tex`$22.4\ \text{L}$`,
          tex`$89.6\ \text{L}$`,
        ],
        explanationHi: tex`नियत $P$ तथा $T$ पर $V \propto n$, अतः $V = 2 \times 22.4 = 44.8\ \text{L}$।`,
      },
      {
        topic: 'Chemical Kinetics',
        qn: tex`For a first-order reaction with rate constant $k$, the half-life $t_{1/2}$ is`,
        choices: [tex`$\dfrac{1}{k}$`, tex`$\dfrac{k}{0.693}$`, tex`$0.693\,k$`, tex`$\dfrac{0.693}{k}$`],
        ansIndex: 3,
        explanation: tex`Putting $[A] = \dfrac{[A]_0}{2}$ in $\ln\dfrac{[A]_0}{[A]} = kt$ gives $t_{1/2} = \dfrac{\ln 2}{k} = \dfrac{0.693}{k}$, independent of the initial concentration.`,
        qnHi: tex`वेग स्थिरांक $k$ वाली प्रथम कोटि की अभिक्रिया की अर्धायु $t_{1/2}$ है`,
        choicesHi: [tex`$\dfrac{1}{k}$`, tex`$\dfrac{k}{0.693}$`, tex`$0.693\,k$`, tex`$\dfrac{0.693}{k}$`],
        explanationHi: tex`$\ln\dfrac{[A]_0}{[A]} = kt$ में $[A] = \dfrac{[A]_0}{2}$ रखने पर $t_{1/2} = \dfrac{\ln 2}{k} = \dfrac{0.693}{k}$, जो प्रारंभिक सांद्रता पर निर्भर नहीं करती।`,
      },
      {
        topic: 'Solutions',
        qn: tex`$4\ \text{g}$ of $\text{NaOH}$ (molar mass $40\ \text{g mol}^{-1}$) is dissolved to make $500\ \text{mL}$ of solution. The molarity of the solution is`,
        choices: [tex`$0.1\ \text{M}$`, tex`$0.2\ \text{M}$`, tex`$0.4\ \text{M}$`, tex`$2\ \text{M}$`],
        ansIndex: 1,
        explanation: tex`$M = \dfrac{n}{V} = \dfrac{4/40}{0.5} = 0.2\ \text{mol L}^{-1}$.`,
        qnHi: tex`$4\ \text{g}$ $\text{NaOH}$ (मोलर द्रव्यमान $40\ \text{g mol}^{-1}$) को घोलकर $500\ \text{mL}$ विलयन बनाया जाता है। विलयन की मोलरता है`,
        choicesHi: [tex`$0.1\ \text{M}$`, tex`$0.2\ \text{M}$`, tex`$0.4\ \text{M}$`, tex`$2\ \text{M}$`],
        explanationHi: tex`$M = \dfrac{n}{V} = \dfrac{4/40}{0.5} = 0.2\ \text{mol L}^{-1}$।`,
      },
      {
        topic: 'Thermodynamics',
        qn: 'A reaction is spontaneous at all temperatures when',
        choices: [
          tex`$\varDelta H > 0,\ \varDelta S < 0$`,
          tex`$\varDelta H > 0,\ \varDelta S > 0$`,
          tex`$\varDelta H < 0,\ \varDelta S > 0$`,
          tex`$\varDelta H < 0,\ \varDelta S < 0$`,
        ],
        ansIndex: 2,
        explanation: tex`$\varDelta G = \varDelta H - T\varDelta S$ is negative at every temperature only when $\varDelta H < 0$ and $\varDelta S > 0$.`,
        qnHi: 'कोई अभिक्रिया सभी तापों पर स्वतः प्रवर्तित होती है, जब',
        choicesHi: [
          tex`$\varDelta H > 0,\ \varDelta S < 0$`,
          tex`$\varDelta H > 0,\ \varDelta S > 0$`,
          tex`$\varDelta H < 0,\ \varDelta S > 0$`,
          tex`$\varDelta H < 0,\ \varDelta S < 0$`,
        ],
        explanationHi: tex`$\varDelta G = \varDelta H - T\varDelta S$ प्रत्येक ताप पर ऋणात्मक तभी होगा जब $\varDelta H < 0$ तथा $\varDelta S > 0$ हो।`,
      },
      {
        topic: 'Atomic Structure',
        qn: tex`The energy of the electron in the $n$th orbit of a hydrogen atom is $E_n = -\dfrac{13.6}{n^2}\ \text{eV}$. Its energy in the second orbit is`,
        choices: [
          tex`$-3.4\ \text{eV}$`,
          tex`$-6.8\ \text{eV}$`,
          tex`$-13.6\ \text{eV}$`,
          tex`$-1.51\ \text{eV}$`,
        ],
        ansIndex: 0,
        explanation: tex`$E_2 = -\dfrac{13.6}{2^2} = -3.4\ \text{eV}$.`,
        qnHi: tex`हाइड्रोजन परमाणु की $n$वीं कक्षा में इलेक्ट्रॉन की ऊर्जा $E_n = -\dfrac{13.6}{n^2}\ \text{eV}$ होती है। द्वितीय कक्षा में इसकी ऊर्जा है`,
        choicesHi: [
          tex`$-3.4\ \text{eV}$`,
          tex`$-6.8\ \text{eV}$`,
          tex`$-13.6\ \text{eV}$`,
          tex`$-1.51\ \text{eV}$`,
        ],
        explanationHi: tex`$E_2 = -\dfrac{13.6}{2^2} = -3.4\ \text{eV}$।`,
      },
      {
        topic: 'Redox Reactions',
        qn: tex`The oxidation state of manganese in $\text{KMnO}_4$ is`,
        choices: ['+2', '+4', '+6', '+7'],
        ansIndex: 3,
        explanation: tex`$(+1) + x + 4(-2) = 0$ gives $x = +7$.`,
        qnHi: tex`$\text{KMnO}_4$ में मैंगनीज़ की ऑक्सीकरण अवस्था है`,
        choicesHi: ['+2', '+4', '+6', '+7'],
        explanationHi: tex`$(+1) + x + 4(-2) = 0$ से $x = +7$ प्राप्त होता है।`,
      },
      {
        topic: 'Equilibrium',
        qn: tex`For the reaction $\text{N}_2\text{(g)} + 3\text{H}_2\text{(g)} \rightleftharpoons 2\text{NH}_3\text{(g)}$, the equilibrium constant $K_c$ is`,
        choices: [
          tex`$\dfrac{[\text{N}_2][\text{H}_2]^3}{[\text{NH}_3]^2}$`,
          tex`$\dfrac{[\text{NH}_3]^2}{[\text{N}_2][\text{H}_2]^3}$`,
          tex`$\dfrac{2[\text{NH}_3]}{3[\text{N}_2][\text{H}_2]}$`,
          tex`$\dfrac{[\text{NH}_3]}{[\text{N}_2][\text{H}_2]}$`,
        ],
        ansIndex: 1,
        explanation:
          'Products over reactants, each concentration raised to the power of its coefficient in the balanced equation.',
        qnHi: tex`अभिक्रिया $\text{N}_2\text{(g)} + 3\text{H}_2\text{(g)} \rightleftharpoons 2\text{NH}_3\text{(g)}$ के लिए साम्य स्थिरांक $K_c$ है`,
        choicesHi: [
          tex`$\dfrac{[\text{N}_2][\text{H}_2]^3}{[\text{NH}_3]^2}$`,
          tex`$\dfrac{[\text{NH}_3]^2}{[\text{N}_2][\text{H}_2]^3}$`,
          tex`$\dfrac{2[\text{NH}_3]}{3[\text{N}_2][\text{H}_2]}$`,
          tex`$\dfrac{[\text{NH}_3]}{[\text{N}_2][\text{H}_2]}$`,
        ],
        explanationHi:
          'अंश में उत्पादों की तथा हर में अभिकारकों की सांद्रताएँ होती हैं; प्रत्येक सांद्रता पर संतुलित समीकरण में उसके गुणांक के बराबर घात लगती है।',
      },
      {
        topic: 'Mole Concept',
        qn: tex`How many molecules are present in $18\ \text{g}$ of water? ($N_A = 6.022 \times 10^{23}\ \text{mol}^{-1}$)`,
        choices: [
          tex`$3.011 \times 10^{23}$`,
          tex`$1.806 \times 10^{24}$`,
          tex`$6.022 \times 10^{23}$`,
          tex`$6.022 \times 10^{22}$`,
        ],
        ansIndex: 2,
        explanation: tex`$18\ \text{g}$ of $\text{H}_2\text{O}$ is $1\ \text{mol}$, so it contains $N_A = 6.022 \times 10^{23}$ molecules.`,
        qnHi: tex`$18\ \text{g}$ जल में कितने अणु होते हैं? ($N_A = 6.022 \times 10^{23}\ \text{mol}^{-1}$)`,
        choicesHi: [
          tex`$3.011 \times 10^{23}$`,
          tex`$1.806 \times 10^{24}$`,
          tex`$6.022 \times 10^{23}$`,
          tex`$6.022 \times 10^{22}$`,
        ],
        explanationHi: tex`$18\ \text{g}$ $\text{H}_2\text{O}$ एक मोल के बराबर है, अतः इसमें $N_A = 6.022 \times 10^{23}$ अणु होते हैं।`,
      },
      {
        topic: 'Solutions',
        qn: tex`By Raoult's law, the vapour pressure of the solvent over a solution in which its mole fraction is $x_1$ is`,
        choices: [
          tex`$p_1 = x_1\,p_1^{0}$`,
          tex`$p_1 = \dfrac{p_1^{0}}{x_1}$`,
          tex`$p_1 = (1 - x_1)\,p_1^{0}$`,
          tex`$p_1 = x_1 + p_1^{0}$`,
        ],
        ansIndex: 0,
        explanation: tex`The partial vapour pressure of the solvent equals its mole fraction times the vapour pressure $p_1^{0}$ of the pure solvent.`,
        qnHi: tex`राउल्ट के नियम के अनुसार, विलयन में विलायक का मोल-अंश $x_1$ होने पर विलायक का वाष्प दाब है`,
        choicesHi: [
          tex`$p_1 = x_1\,p_1^{0}$`,
          tex`$p_1 = \dfrac{p_1^{0}}{x_1}$`,
          tex`$p_1 = (1 - x_1)\,p_1^{0}$`,
          tex`$p_1 = x_1 + p_1^{0}$`,
        ],
        explanationHi: tex`विलायक का आंशिक वाष्प दाब उसके मोल-अंश तथा शुद्ध विलायक के वाष्प दाब $p_1^{0}$ के गुणनफल के बराबर होता है।`,
      },
      {
        topic: 'Chemical Bonding',
        qn: tex`According to molecular orbital theory, the bond order of $\text{O}_2$ is`,
        choices: ['1', '1.5', '2', '2.5'],
        ansIndex: 2,
        explanation: tex`$\text{O}_2$ has $10$ bonding and $6$ antibonding electrons, so bond order $= \dfrac{N_b - N_a}{2} = \dfrac{10 - 6}{2} = 2$.`,
        qnHi: tex`अणु कक्षक सिद्धांत के अनुसार $\text{O}_2$ की आबंध कोटि है`,
        choicesHi: ['1', '1.5', '2', '2.5'],
        explanationHi: tex`$\text{O}_2$ में $10$ आबंधी तथा $6$ प्रतिआबंधी इलेक्ट्रॉन होते हैं, अतः आबंध कोटि $= \dfrac{N_b - N_a}{2} = \dfrac{10 - 6}{2} = 2$।`,
      },
    ],
  },
  {
    key: 'jee-main-mathematics',
    name: 'JEE Main: Mathematics Warm-up',
    desc: 'Algebra, calculus, coordinate geometry and combinatorics questions at JEE Main level.',
    exam: 'JEE',
    class: COMPETITIVE,
    durationMin: 20,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking in this practice set.',
      'Keep a pen and paper ready for rough work.',
      'Select exactly one option for each multiple-choice question; for a numerical-value question, type the number.',
      'Submit your answers before the timer runs out.',
    ],
    questions: [
      {
        topic: 'Algebra',
        qn: 'If a and b are the roots of x^2 - 5x + 6 = 0, what is the value of a^2 + b^2? (Numerical value)',
        choices: [],
        ansIndex: 0,
        type: 'numeric',
        numericAnswer: '13',
        wrongAnswers: ['25', '12', '11'],
        explanation: 'a + b = 5 and ab = 6, so a^2 + b^2 = (a + b)^2 - 2ab = 25 - 12 = 13.',
      },
      {
        topic: 'Calculus',
        qn: 'What is the limit of (sin x) / x as x approaches 0?',
        choices: ['0', '1', 'Infinity', 'Does not exist'],
        ansIndex: 1,
        explanation: 'This is a standard limit: (sin x) / x tends to 1 as x tends to 0, with x in radians.',
      },
      {
        topic: 'Calculus',
        qn: 'What is the derivative of x^3 + 2x with respect to x?',
        choices: ['3x^2 + 2', 'x^2 + 2', '3x^2 + 2x', '3x + 2'],
        ansIndex: 0,
        explanation: 'd/dx (x^3) = 3x^2 and d/dx (2x) = 2, so the derivative is 3x^2 + 2.',
      },
      {
        topic: 'Calculus',
        qn:
          'Evaluate the definite integral of (x^2 + 1) dx from x = 0 to x = 1. ' +
          '(Numerical value, correct to two decimal places)',
        choices: [],
        ansIndex: 0,
        type: 'numeric',
        numericAnswer: '1.33',
        tolerance: '0.01',
        wrongAnswers: ['2', '1.5', '0.33'],
        explanation:
          'An antiderivative of x^2 + 1 is x^3 / 3 + x, so the integral is 1/3 + 1 = 4/3 = 1.33 (to two decimal places).',
      },
      {
        topic: 'Permutations and Combinations',
        qn: "In how many distinct ways can the letters of the word 'LEVEL' be arranged?",
        choices: ['20', '60', '30', '120'],
        ansIndex: 2,
        explanation:
          'LEVEL has 5 letters with L and E each repeated twice, ' +
          'so there are 5! / (2! x 2!) = 30 arrangements.',
      },
      {
        topic: 'Complex Numbers',
        qn: 'If i = sqrt(-1), what is the value of i + i^2 + i^3 + i^4?',
        choices: ['1', '0', '-1', '2i'],
        ansIndex: 1,
        explanation: 'i + (-1) + (-i) + 1 = 0; the sum of any four consecutive powers of i is 0.',
      },
      {
        topic: 'Sequences and Series',
        qn: 'What is the sum of the first 20 natural numbers?',
        choices: ['190', '200', '210', '220'],
        ansIndex: 2,
        explanation: 'Sum = n(n + 1) / 2 = 20 x 21 / 2 = 210.',
      },
      {
        topic: 'Coordinate Geometry',
        qn: 'What is the distance between the points (1, 2) and (4, 6)?',
        choices: ['4', '6', '7', '5'],
        ansIndex: 3,
        explanation: 'Distance = sqrt((4 - 1)^2 + (6 - 2)^2) = sqrt(9 + 16) = 5.',
      },
      {
        topic: 'Sequences and Series',
        qn: 'What is the 10th term of the arithmetic progression 3, 7, 11, ...?',
        choices: ['35', '39', '43', '40'],
        ansIndex: 1,
        explanation: 'The nth term is a + (n - 1)d = 3 + 9 x 4 = 39.',
      },
      {
        topic: 'Matrices',
        qn: 'A is a 3 x 3 matrix with det(A) = 4. What is det(2A)? (Numerical value)',
        choices: [],
        ansIndex: 0,
        type: 'numeric',
        numericAnswer: '32',
        wrongAnswers: ['8', '16', '64'],
        explanation: 'For an n x n matrix, det(kA) = k^n det(A), so det(2A) = 2^3 x 4 = 32.',
      },
      {
        topic: 'Trigonometry',
        qn:
          'Consider the following statements:\n' +
          '1. sin^2 x + cos^2 x = 1 for every real number x.\n' +
          '2. tan x is defined for every real number x.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 0,
        explanation:
          'The Pythagorean identity holds for all real x, but tan x is undefined wherever cos x = 0, ' +
          'for example at x = pi/2.',
      },
      {
        topic: 'Coordinate Geometry',
        qn: 'What is the slope of the line 3x - 4y + 7 = 0?',
        choices: ['-3/4', '4/3', '-4/3', '3/4'],
        ansIndex: 3,
        explanation: 'Rewriting as y = (3/4)x + 7/4 shows that the slope is 3/4.',
      },
    ],
  },
  {
    key: 'jee-main-physics-formulas',
    name: 'JEE Main Physics: Formulas and Numericals (English / हिन्दी)',
    desc: 'Kinematics, electricity, thermodynamics, optics and modern physics with formulas, in English and Hindi.',
    exam: 'JEE',
    class: COMPETITIVE,
    durationMin: 20,
    instructions: [
      'Each correct answer earns 1 point; there is no negative marking in this practice set.',
      'Every question can be read in English or Hindi: use the English / हिन्दी switch above it.',
      'Take g = 10 m/s^2 unless a question gives another value.',
      'Select exactly one option for each question.',
    ],
    questions: [
      {
        topic: 'Kinematics',
        qn: tex`A ball is thrown vertically upward with speed $u = 20\ \text{m s}^{-1}$. Taking $g = 10\ \text{m s}^{-2}$, the maximum height reached is`,
        choices: [tex`$10\ \text{m}$`, tex`$20\ \text{m}$`, tex`$40\ \text{m}$`, tex`$30\ \text{m}$`],
        ansIndex: 1,
        explanation: tex`At the highest point $v = 0$, so $H = \dfrac{u^2}{2g} = \dfrac{400}{20} = 20\ \text{m}$.`,
        qnHi: tex`एक गेंद को $u = 20\ \text{m s}^{-1}$ की चाल से ऊर्ध्वाधर ऊपर की ओर फेंका जाता है। $g = 10\ \text{m s}^{-2}$ लेने पर गेंद द्वारा प्राप्त अधिकतम ऊँचाई होगी`,
        choicesHi: [tex`$10\ \text{m}$`, tex`$20\ \text{m}$`, tex`$40\ \text{m}$`, tex`$30\ \text{m}$`],
        explanationHi: tex`उच्चतम बिंदु पर $v = 0$ होता है, अतः $H = \dfrac{u^2}{2g} = \dfrac{400}{20} = 20\ \text{m}$।`,
      },
      {
        topic: 'Units and Dimensions',
        qn: 'What is the dimensional formula of force?',
        choices: [
          tex`$[M L T^{-1}]$`,
          tex`$[M L^{2} T^{-2}]$`,
          tex`$[M L T^{-2}]$`,
          tex`$[M L^{-1} T^{-2}]$`,
        ],
        ansIndex: 2,
        explanation: tex`Force = mass × acceleration, so $[F] = [M][L T^{-2}] = [M L T^{-2}]$.`,
        qnHi: 'बल का विमीय सूत्र क्या है?',
        choicesHi: [
          tex`$[M L T^{-1}]$`,
          tex`$[M L^{2} T^{-2}]$`,
          tex`$[M L T^{-2}]$`,
          tex`$[M L^{-1} T^{-2}]$`,
        ],
        explanationHi: tex`बल = द्रव्यमान × त्वरण, अतः $[F] = [M][L T^{-2}] = [M L T^{-2}]$।`,
      },
      {
        topic: 'Current Electricity',
        qn: tex`Resistors of $6\ \text{Ω}$ and $3\ \text{Ω}$ are connected in parallel. Their equivalent resistance is`,
        choices: [tex`$2\ \text{Ω}$`, tex`$4.5\ \text{Ω}$`, tex`$9\ \text{Ω}$`, tex`$18\ \text{Ω}$`],
        ansIndex: 0,
        explanation: tex`$\dfrac{1}{R} = \dfrac{1}{6} + \dfrac{1}{3} = \dfrac{1}{2}$, so $R = 2\ \text{Ω}$.`,
        qnHi: tex`$6\ \text{Ω}$ तथा $3\ \text{Ω}$ के दो प्रतिरोधक समांतर क्रम में जुड़े हैं। इनका तुल्य प्रतिरोध है`,
        choicesHi: [tex`$2\ \text{Ω}$`, tex`$4.5\ \text{Ω}$`, tex`$9\ \text{Ω}$`, tex`$18\ \text{Ω}$`],
        explanationHi: tex`$\dfrac{1}{R} = \dfrac{1}{6} + \dfrac{1}{3} = \dfrac{1}{2}$, अतः $R = 2\ \text{Ω}$।`,
      },
      {
        topic: 'Thermodynamics',
        qn: tex`$n$ moles of an ideal gas expand reversibly and isothermally at temperature $T$ from volume $V_1$ to $V_2$. The work done by the gas is`,
        choices: [
          tex`$nRT(V_2 - V_1)$`,
          tex`$\dfrac{nR(T_2 - T_1)}{\gamma - 1}$`,
          tex`$P(V_2 - V_1)^2$`,
          tex`$nRT\ln\dfrac{V_2}{V_1}$`,
        ],
        ansIndex: 3,
        explanation: tex`With $PV = nRT$ at constant $T$, $W = \displaystyle\int_{V_1}^{V_2} P\,dV = nRT\ln\dfrac{V_2}{V_1}$.`,
        qnHi: tex`ताप $T$ पर $n$ मोल आदर्श गैस का आयतन $V_1$ से $V_2$ तक उत्क्रमणीय समतापीय प्रसार होता है। गैस द्वारा किया गया कार्य है`,
        choicesHi: [
          tex`$nRT(V_2 - V_1)$`,
          tex`$\dfrac{nR(T_2 - T_1)}{\gamma - 1}$`,
          tex`$P(V_2 - V_1)^2$`,
          tex`$nRT\ln\dfrac{V_2}{V_1}$`,
        ],
        explanationHi: tex`नियत ताप पर $PV = nRT$ लेने से $W = \displaystyle\int_{V_1}^{V_2} P\,dV = nRT\ln\dfrac{V_2}{V_1}$।`,
      },
      {
        topic: 'Oscillations',
        qn: tex`The time period of a simple pendulum is $T = 2\pi\sqrt{\dfrac{l}{g}}$. If its length is made four times, the time period becomes`,
        choices: ['Half', 'Double', 'Four times', 'Unchanged'],
        ansIndex: 1,
        explanation: tex`$T \propto \sqrt{l}$, so the new period is $\sqrt{4}\,T = 2T$.`,
        qnHi: tex`सरल लोलक का आवर्तकाल $T = 2\pi\sqrt{\dfrac{l}{g}}$ है। यदि इसकी लंबाई चार गुनी कर दी जाए, तो आवर्तकाल हो जाएगा`,
        choicesHi: ['आधा', 'दोगुना', 'चार गुना', 'अपरिवर्तित'],
        explanationHi: tex`$T \propto \sqrt{l}$, अतः नया आवर्तकाल $\sqrt{4}\,T = 2T$ होगा।`,
      },
      {
        topic: 'Kinematics',
        qn: tex`A projectile is launched with speed $u$ at an angle $\theta$ to the horizontal. Its horizontal range is`,
        choices: [
          tex`$\dfrac{u^2 \sin 2\theta}{g}$`,
          tex`$\dfrac{u^2 \sin^2\theta}{2g}$`,
          tex`$\dfrac{2u \sin\theta}{g}$`,
          tex`$\dfrac{u^2 \cos 2\theta}{g}$`,
        ],
        ansIndex: 0,
        explanation: tex`The time of flight is $\dfrac{2u\sin\theta}{g}$, so $R = u\cos\theta \times \dfrac{2u\sin\theta}{g} = \dfrac{u^2\sin 2\theta}{g}$.`,
        qnHi: tex`एक प्रक्षेप्य को क्षैतिज से $\theta$ कोण पर $u$ चाल से प्रक्षेपित किया जाता है। इसकी क्षैतिज परास है`,
        choicesHi: [
          tex`$\dfrac{u^2 \sin 2\theta}{g}$`,
          tex`$\dfrac{u^2 \sin^2\theta}{2g}$`,
          tex`$\dfrac{2u \sin\theta}{g}$`,
          tex`$\dfrac{u^2 \cos 2\theta}{g}$`,
        ],
        explanationHi: tex`उड्डयन काल $\dfrac{2u\sin\theta}{g}$ है, अतः $R = u\cos\theta \times \dfrac{2u\sin\theta}{g} = \dfrac{u^2\sin 2\theta}{g}$।`,
      },
      {
        topic: 'Work, Energy and Power',
        qn: tex`A body of mass $m$ has linear momentum $p$. Its kinetic energy is`,
        choices: [tex`$\dfrac{p^2}{m}$`, tex`$\dfrac{p^2}{2m}$`, tex`$2mp^2$`, tex`$\dfrac{p}{2m}$`],
        ansIndex: 1,
        explanation: tex`$K = \dfrac{1}{2}mv^2$ and $p = mv$ give $K = \dfrac{p^2}{2m}$.`,
        qnHi: tex`$m$ द्रव्यमान के एक पिंड का रेखीय संवेग $p$ है। इसकी गतिज ऊर्जा है`,
        choicesHi: [tex`$\dfrac{p^2}{m}$`, tex`$\dfrac{p^2}{2m}$`, tex`$2mp^2$`, tex`$\dfrac{p}{2m}$`],
        explanationHi: tex`$K = \dfrac{1}{2}mv^2$ तथा $p = mv$ से $K = \dfrac{p^2}{2m}$ प्राप्त होता है।`,
      },
      {
        topic: 'Electrostatics',
        qn: tex`A capacitor of capacitance $C = 2\ \mu\text{F}$ is charged to a potential difference $V = 100\ \text{V}$. The energy stored in it is`,
        choices: [
          tex`$2 \times 10^{-4}\ \text{J}$`,
          tex`$1 \times 10^{-4}\ \text{J}$`,
          tex`$1 \times 10^{-2}\ \text{J}$`,
          tex`$2 \times 10^{-2}\ \text{J}$`,
        ],
        ansIndex: 2,
        explanation: tex`$U = \dfrac{1}{2}CV^2 = \dfrac{1}{2} \times 2 \times 10^{-6} \times (100)^2 = 1 \times 10^{-2}\ \text{J}$.`,
        qnHi: tex`$C = 2\ \mu\text{F}$ धारिता वाले संधारित्र को $V = 100\ \text{V}$ विभवांतर तक आवेशित किया जाता है। इसमें संचित ऊर्जा है`,
        choicesHi: [
          tex`$2 \times 10^{-4}\ \text{J}$`,
          tex`$1 \times 10^{-4}\ \text{J}$`,
          tex`$1 \times 10^{-2}\ \text{J}$`,
          tex`$2 \times 10^{-2}\ \text{J}$`,
        ],
        explanationHi: tex`$U = \dfrac{1}{2}CV^2 = \dfrac{1}{2} \times 2 \times 10^{-6} \times (100)^2 = 1 \times 10^{-2}\ \text{J}$।`,
      },
      {
        topic: 'Modern Physics',
        qn: tex`Light of photon energy $E = 5\ \text{eV}$ falls on a metal of work function $\phi = 2\ \text{eV}$. The maximum kinetic energy of the emitted photoelectrons is`,
        choices: [tex`$2\ \text{eV}$`, tex`$3\ \text{eV}$`, tex`$5\ \text{eV}$`, tex`$7\ \text{eV}$`],
        ansIndex: 1,
        explanation: tex`By Einstein's photoelectric equation, $K_{\max} = h\nu - \phi = 5 - 2 = 3\ \text{eV}$.`,
        qnHi: tex`$E = 5\ \text{eV}$ ऊर्जा के फोटॉन वाला प्रकाश $\phi = 2\ \text{eV}$ कार्य फलन वाली धातु पर आपतित होता है। उत्सर्जित प्रकाश-इलेक्ट्रॉनों की अधिकतम गतिज ऊर्जा है`,
        choicesHi: [tex`$2\ \text{eV}$`, tex`$3\ \text{eV}$`, tex`$5\ \text{eV}$`, tex`$7\ \text{eV}$`],
        explanationHi: tex`आइंस्टीन के प्रकाश-विद्युत समीकरण से $K_{\max} = h\nu - \phi = 5 - 2 = 3\ \text{eV}$।`,
      },
      {
        topic: 'Dual Nature of Matter',
        qn: tex`The de Broglie wavelength of a particle of mass $m$ moving with speed $v$ is`,
        choices: [tex`$\dfrac{h}{mv}$`, tex`$\dfrac{mv}{h}$`, tex`$\dfrac{h}{2mv}$`, tex`$\dfrac{hv}{m}$`],
        ansIndex: 0,
        explanation: tex`$\lambda = \dfrac{h}{p}$, where the momentum is $p = mv$.`,
        qnHi: tex`$v$ चाल से गतिमान $m$ द्रव्यमान के कण की दे ब्रॉग्ली तरंगदैर्ध्य है`,
        choicesHi: [tex`$\dfrac{h}{mv}$`, tex`$\dfrac{mv}{h}$`, tex`$\dfrac{h}{2mv}$`, tex`$\dfrac{hv}{m}$`],
        explanationHi: tex`$\lambda = \dfrac{h}{p}$, जहाँ संवेग $p = mv$ है।`,
      },
      {
        topic: 'Gravitation',
        qn: tex`Taking $g = 9.8\ \text{m s}^{-2}$ and $R = 6.4 \times 10^{6}\ \text{m}$, the escape velocity from the surface of the Earth is about`,
        choices: [
          tex`$7.9\ \text{km s}^{-1}$`,
          tex`$9.8\ \text{km s}^{-1}$`,
          tex`$11.2\ \text{km s}^{-1}$`,
          tex`$15.6\ \text{km s}^{-1}$`,
        ],
        ansIndex: 2,
        explanation: tex`$v_e = \sqrt{2gR} = \sqrt{2 \times 9.8 \times 6.4 \times 10^{6}} \approx 11.2\ \text{km s}^{-1}$; $7.9\ \text{km s}^{-1}$ is the orbital speed close to the surface.`,
        qnHi: tex`$g = 9.8\ \text{m s}^{-2}$ तथा $R = 6.4 \times 10^{6}\ \text{m}$ लेने पर पृथ्वी की सतह से पलायन वेग लगभग है`,
        choicesHi: [
          tex`$7.9\ \text{km s}^{-1}$`,
          tex`$9.8\ \text{km s}^{-1}$`,
          tex`$11.2\ \text{km s}^{-1}$`,
          tex`$15.6\ \text{km s}^{-1}$`,
        ],
        explanationHi: tex`$v_e = \sqrt{2gR} = \sqrt{2 \times 9.8 \times 6.4 \times 10^{6}} \approx 11.2\ \text{km s}^{-1}$; $7.9\ \text{km s}^{-1}$ सतह के निकट कक्षीय चाल है।`,
      },
      {
        topic: 'Ray Optics',
        qn: tex`A convex lens has focal length $f = 25\ \text{cm}$. Its power is`,
        choices: [tex`$+0.25\ \text{D}$`, tex`$-4\ \text{D}$`, tex`$+25\ \text{D}$`, tex`$+4\ \text{D}$`],
        ansIndex: 3,
        explanation: tex`With $f$ in metres, $P = \dfrac{1}{f} = \dfrac{1}{0.25} = +4\ \text{D}$ (positive for a convex lens).`,
        qnHi: tex`एक उत्तल लेंस की फोकस दूरी $f = 25\ \text{cm}$ है। इसकी क्षमता है`,
        choicesHi: [tex`$+0.25\ \text{D}$`, tex`$-4\ \text{D}$`, tex`$+25\ \text{D}$`, tex`$+4\ \text{D}$`],
        explanationHi: tex`फोकस दूरी मीटर में लेने पर $P = \dfrac{1}{f} = \dfrac{1}{0.25} = +4\ \text{D}$ (उत्तल लेंस के लिए धनात्मक)।`,
      },
    ],
  },
  {
    key: 'high-school-science',
    name: 'Class 9-10 Science Quick Check',
    desc: 'NCERT Class 9 and 10 science basics in chemistry, physics and biology.',
    exam: 'NEET',
    class: 'High School',
    durationMin: 10,
    instructions: [
      'Each correct answer earns 1 point.',
      'Questions are based on the NCERT Class 9 and 10 Science textbooks.',
      'Select exactly one option for each question.',
    ],
    questions: [
      {
        topic: 'Chemistry',
        qn: 'What is the chemical formula of common salt?',
        choices: ['NaCl', 'KCl', 'Na2CO3', 'NaHCO3'],
        ansIndex: 0,
        explanation: 'Common salt is sodium chloride, NaCl.',
      },
      {
        topic: 'Chemistry',
        qn: 'Which gas is released when zinc reacts with dilute hydrochloric acid?',
        choices: ['Oxygen', 'Hydrogen', 'Chlorine', 'Carbon dioxide'],
        ansIndex: 1,
        explanation: 'Zn + 2HCl -> ZnCl2 + H2, so hydrogen gas is given off.',
      },
      {
        topic: 'Biology',
        qn: 'On which part of the human eye is the image formed?',
        choices: ['Cornea', 'Iris', 'Retina', 'Pupil'],
        ansIndex: 2,
        explanation: 'The eye lens focuses light to form a real, inverted image on the retina.',
      },
      {
        topic: 'Physics',
        qn: 'Which of the following is a good conductor of electricity?',
        choices: ['Glass', 'Rubber', 'Wood', 'Copper'],
        ansIndex: 3,
        explanation: 'Copper is a metal with free electrons; glass, rubber and dry wood are insulators.',
      },
      {
        topic: 'Physics',
        qn: 'What is the approximate speed of light in vacuum?',
        choices: ['3 x 10^6 m/s', '3 x 10^8 m/s', '3 x 10^5 m/s', '3 x 10^10 m/s'],
        ansIndex: 1,
        explanation: 'Light travels at about 3 x 10^8 m/s in vacuum.',
      },
      {
        topic: 'Chemistry',
        qn: 'The reaction 2H2 + O2 -> 2H2O is an example of a:',
        choices: [
          'Combination reaction',
          'Decomposition reaction',
          'Displacement reaction',
          'Double displacement reaction',
        ],
        ansIndex: 0,
        explanation: 'Two reactants combine to form a single product, so it is a combination reaction.',
      },
      {
        topic: 'Biology',
        qn: 'Which plant tissue carries water from the roots to the leaves?',
        choices: ['Phloem', 'Stomata', 'Xylem', 'Cambium'],
        ansIndex: 2,
        explanation: 'Xylem conducts water and minerals upward; phloem carries food made in the leaves.',
      },
      {
        topic: 'Physics',
        qn: 'What is the SI unit of electric current?',
        choices: ['volt', 'ampere', 'ohm', 'watt'],
        ansIndex: 1,
        explanation: 'Electric current is measured in amperes (A).',
      },
      {
        topic: 'Chemistry',
        qn:
          'Consider the following statements:\n' +
          '1. Turmeric turns red in a basic solution.\n' +
          '2. Blue litmus turns red in an acidic solution.\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 2,
        explanation:
          'Turmeric is a natural indicator that turns red with bases, and acids turn blue litmus red.',
      },
      {
        topic: 'Astronomy',
        qn: "Which planet is known as the 'Red Planet'?",
        choices: ['Venus', 'Jupiter', 'Saturn', 'Mars'],
        ansIndex: 3,
        explanation: 'Iron oxide on its surface gives Mars its reddish colour.',
      },
      {
        topic: 'Biology',
        qn: 'How many bones are there in the body of an adult human?',
        choices: ['206', '212', '196', '230'],
        ansIndex: 0,
        explanation: 'An adult human skeleton has 206 bones; a newborn has more, which fuse as it grows.',
      },
      {
        topic: 'Physics',
        qn:
          'A wire has a resistance of 4 ohm. If its length is doubled while the material and ' +
          'cross-sectional area stay the same, what is its new resistance?',
        choices: ['2 ohm', '4 ohm', '8 ohm', '16 ohm'],
        ansIndex: 2,
        explanation:
          'Resistance is proportional to length (R = rho L / A), so doubling the length gives 8 ohm.',
      },
    ],
  },
  {
    key: 'upper-primary-general-knowledge',
    name: 'Upper Primary General Knowledge',
    desc: 'Fun general knowledge about India and the world for students of Classes 6 to 8.',
    exam: 'SSC',
    class: 'Upper Primary',
    durationMin: 10,
    instructions: [
      'Each correct answer earns 1 point.',
      'Read every question carefully.',
      'Choose one answer for each question.',
    ],
    questions: [
      {
        topic: 'India',
        qn: 'Which is the national animal of India?',
        choices: ['Lion', 'Tiger', 'Elephant', 'Peacock'],
        ansIndex: 1,
        explanation: 'The tiger is the national animal of India; the peacock is the national bird.',
      },
      {
        topic: 'India',
        qn: 'What is the capital of India?',
        choices: ['Mumbai', 'Kolkata', 'New Delhi', 'Chennai'],
        ansIndex: 2,
        explanation: 'New Delhi is the capital of India.',
      },
      {
        topic: 'Calendar',
        qn: 'How many days are there in a leap year?',
        choices: ['364', '365', '367', '366'],
        ansIndex: 3,
        explanation: 'A leap year has 366 days because February gets a 29th day.',
      },
      {
        topic: 'India',
        qn: "Who wrote India's national anthem, 'Jana Gana Mana'?",
        choices: ['Rabindranath Tagore', 'Bankim Chandra Chatterjee', 'Sarojini Naidu', 'Mahatma Gandhi'],
        ansIndex: 0,
        explanation:
          "Rabindranath Tagore wrote 'Jana Gana Mana'; Bankim Chandra Chatterjee wrote 'Vande Mataram'.",
      },
      {
        topic: 'Space',
        qn: 'Which is the largest planet in our solar system?',
        choices: ['Saturn', 'Jupiter', 'Earth', 'Neptune'],
        ansIndex: 1,
        explanation: 'Jupiter is the largest planet; more than a thousand Earths could fit inside it.',
      },
      {
        topic: 'Science',
        qn: 'How many colours are there in a rainbow?',
        choices: ['5', '6', '7', '8'],
        ansIndex: 2,
        explanation:
          'A rainbow has seven colours: violet, indigo, blue, green, yellow, orange and red (VIBGYOR).',
      },
      {
        topic: 'Geography',
        qn: 'Which is the largest ocean in the world?',
        choices: ['Atlantic Ocean', 'Indian Ocean', 'Arctic Ocean', 'Pacific Ocean'],
        ansIndex: 3,
        explanation: 'The Pacific Ocean is the largest and deepest ocean on Earth.',
      },
      {
        topic: 'India',
        qn: 'On which date is Independence Day celebrated in India?',
        choices: ['26 January', '15 August', '2 October', '14 November'],
        ansIndex: 1,
        explanation: 'India became independent on 15 August 1947; 26 January is Republic Day.',
      },
      {
        topic: 'Science',
        qn: 'Which gas do green plants take in from the air to make their food?',
        choices: ['Carbon dioxide', 'Oxygen', 'Nitrogen', 'Hydrogen'],
        ansIndex: 0,
        explanation: 'Plants use carbon dioxide, water and sunlight to make food and release oxygen.',
      },
      {
        topic: 'India',
        qn: 'In which city is the Taj Mahal located?',
        choices: ['Delhi', 'Jaipur', 'Lucknow', 'Agra'],
        ansIndex: 3,
        explanation: 'The Taj Mahal stands on the bank of the Yamuna in Agra, Uttar Pradesh.',
      },
      {
        topic: 'Mathematics',
        qn: 'How many sides does a hexagon have?',
        choices: ['5', '6', '7', '8'],
        ansIndex: 1,
        explanation: "'Hexa' means six, so a hexagon has six sides.",
      },
      {
        topic: 'India',
        qn: 'Which is the national flower of India?',
        choices: ['Lotus', 'Rose', 'Sunflower', 'Jasmine'],
        ansIndex: 0,
        explanation: 'The lotus is the national flower of India.',
      },
    ],
  },
  {
    key: 'higher-secondary-physics',
    name: 'Class 11-12 Physics Concept Check',
    desc: 'Mechanics, electrostatics, optics and modern physics from the NCERT Class 11 and 12 syllabus.',
    exam: 'JEE',
    class: 'Higher Secondary',
    durationMin: 15,
    instructions: [
      'Each correct answer earns 1 point.',
      'Questions follow the NCERT Class 11 and 12 Physics syllabus.',
      'Keep a pen and paper ready for rough work.',
      'Select exactly one option for each multiple-choice question; for a numerical-value question, type the number.',
    ],
    questions: [
      {
        topic: 'Electrostatics',
        qn:
          'If the distance between two point charges is doubled, ' +
          'the electrostatic force between them becomes:',
        choices: ['Half', 'One-fourth', 'Double', 'Four times'],
        ansIndex: 1,
        explanation: "By Coulomb's law F is proportional to 1/r^2, so doubling r reduces F to one-fourth.",
      },
      {
        topic: 'Magnetism',
        qn: 'What is the SI unit of magnetic field (magnetic flux density)?',
        choices: ['weber', 'henry', 'tesla', 'gauss'],
        ansIndex: 2,
        explanation: 'The SI unit is the tesla; the weber is the unit of flux and the gauss is a CGS unit.',
      },
      {
        topic: 'Electrostatics',
        qn:
          'A dielectric of dielectric constant K completely fills the space between the plates of a ' +
          'parallel plate capacitor. Its capacitance becomes:',
        choices: ['K times', '1/K times', 'Unchanged', 'K^2 times'],
        ansIndex: 0,
        explanation:
          'C = K e0 A / d, so filling the gap with the dielectric multiplies the capacitance by K.',
      },
      {
        topic: 'Optics',
        qn: 'Which phenomenon shows that light is a transverse wave?',
        choices: ['Interference', 'Diffraction', 'Reflection', 'Polarisation'],
        ansIndex: 3,
        explanation:
          'Only transverse waves can be polarised; interference ' +
          'and diffraction happen with longitudinal waves too.',
      },
      {
        topic: 'Mechanics',
        qn: 'What net force is needed to give a 5 kg body an acceleration of 4 m/s^2?',
        choices: ['1.25 N', '9 N', '20 N', '25 N'],
        ansIndex: 2,
        explanation: 'F = m a = 5 x 4 = 20 N.',
      },
      {
        topic: 'Optics',
        qn: 'What is the power of a convex lens of focal length 50 cm?',
        choices: ['+0.5 D', '+2 D', '+5 D', '-2 D'],
        ansIndex: 1,
        explanation: 'P = 1 / f (in metres) = 1 / 0.5 = +2 dioptre.',
      },
      {
        topic: 'Modern Physics',
        qn: "The de Broglie wavelength of a particle with momentum p is given by (h is Planck's constant):",
        choices: ['p/h', 'h x p', 'hc/p', 'h/p'],
        ansIndex: 3,
        explanation: 'de Broglie proposed that lambda = h / p for any moving particle.',
      },
      {
        topic: 'Mechanics',
        qn: 'How much work does the centripetal force do on a body in uniform circular motion?',
        choices: ['Positive work', 'Zero', 'Negative work', 'It depends on the speed'],
        ansIndex: 1,
        explanation:
          'The centripetal force is always perpendicular to the ' +
          'velocity, so it does no work and the speed stays the same.',
      },
      {
        topic: 'Electromagnetic Induction',
        qn:
          'Consider the following statements about a transformer:\n' +
          '1. A step-up transformer increases the voltage.\n' +
          '2. A transformer works with steady direct current (DC).\n' +
          WHICH_CORRECT,
        choices: [...STATEMENT_CHOICES],
        ansIndex: 0,
        explanation:
          'A transformer works by mutual induction, which needs ' +
          'a changing current, so it does not work on steady DC.',
      },
      {
        topic: 'Modern Physics',
        qn: 'A radioactive sample has a half-life of 10 days. What fraction of it remains after 30 days?',
        choices: ['1/3', '1/4', '1/8', '1/16'],
        ansIndex: 2,
        explanation: '30 days is three half-lives, so (1/2)^3 = 1/8 of the sample remains.',
      },
      {
        topic: 'Current Electricity',
        qn: "Kirchhoff's junction rule is based on the conservation of:",
        choices: ['Energy', 'Momentum', 'Mass', 'Charge'],
        ansIndex: 3,
        explanation:
          'The current entering a junction equals the current leaving it, because charge is conserved.',
      },
      {
        topic: 'Electrostatics',
        qn:
          'Two capacitors of 6 microfarad each are connected ' +
          'in series. What is the equivalent capacitance?',
        choices: ['12 microfarad', '3 microfarad', '6 microfarad', '36 microfarad'],
        ansIndex: 1,
        explanation: 'In series 1/C = 1/6 + 1/6 = 1/3, so C = 3 microfarad.',
      },
    ],
  },
];
