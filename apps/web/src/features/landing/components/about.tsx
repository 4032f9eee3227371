import { BarChart3, Brain, Headphones, Target, Timer, TrendingUp, Mic, Zap } from 'lucide-react';

const FEATURES = [
  {
    icon: Headphones,
    title: 'Audio-First Quizzes',
    text: 'Every question can be heard as well as read, so you can practise on the bus, on a walk or with tired eyes.',
  },
  {
    icon: Brain,
    title: 'Active Recall System',
    text: 'Spaced repetition brings back the questions you missed just before you would forget them.',
  },
  {
    icon: BarChart3,
    title: 'Performance Analytics',
    text: 'Rank, accuracy and time for every quiz, with a question-by-question review of what went wrong.',
  },
  {
    icon: Target,
    title: 'Exam-Specific Prep',
    text: 'Content banks written for UPSC, SSC, Banking, NEET and JEE, in the format each exam uses.',
  },
];

const REASONS = [
  {
    icon: Zap,
    stat: '2.5x',
    title: 'Faster absorption',
    text: 'Hearing and reading together helps facts go in faster.',
  },
  {
    icon: TrendingUp,
    stat: '68%',
    title: 'Better retention',
    text: 'Recalling an answer aloud fixes it in memory.',
  },
  {
    icon: Timer,
    stat: 'Any time',
    title: 'Efficient multitasking',
    text: 'Turn a commute or chores into revision time.',
  },
  {
    icon: Mic,
    stat: 'Interview',
    title: 'Verbal exam prep',
    text: 'Get used to answering questions you hear, as in a viva.',
  },
];

export function About() {
  return (
    <section id="about" aria-labelledby="about-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">About Quizcast</p>
          <h2
            id="about-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Practice built for the way you actually study
          </h2>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-slate-50 p-6 transition-shadow hover:shadow-md"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-brand-100 text-brand-800">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <div className="surface-dark mt-16 rounded-3xl bg-brand-950 p-8 text-white sm:p-12">
          <h3 className="text-2xl font-bold sm:text-3xl">Why Audio Quizzes Work Better</h3>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {REASONS.map(({ icon: Icon, stat, title, text }) => (
              <li key={title}>
                <Icon className="size-6 text-amber-300" aria-hidden="true" />
                <p className="mt-3 text-3xl font-extrabold text-amber-300">{stat}</p>
                <p className="mt-1 font-semibold">{title}</p>
                <p className="mt-1 text-sm text-brand-200">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
