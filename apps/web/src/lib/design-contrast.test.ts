// @vitest-environment node
/**
 * WCAG 2.2 AA colour contrast of the app's own colour pairs, computed from the theme the build uses
 * (Tailwind 4's theme.css, in oklch, and the brand colours of index.css). axe only judges the text
 * it can see on the screens a browser test visits; this covers every pair in the code, hover states,
 * borders, icons and the focus ring too. Each pair names a file that must contain its classes, so
 * the list cannot drift from the components, and the sweeps fail on a colour nobody checked.
 * docs/accessibility.md prints the table with its ratios.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CONTROL_BORDER, CONTROL_BORDER_INVALID } from '../components/ui/field-styles';
import { composite, contrastRatio, parseCssColor, type Rgba } from './color-contrast';

// ---- The theme ------------------------------------------------------------------------------------

// Read from disk: Vitest blanks CSS imports, `?raw` included.
const themeCss = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');
const appCss = readFileSync(new URL('../index.css', import.meta.url), 'utf8');

const tokens = new Map<string, string>();
for (const css of [themeCss, appCss]) {
  for (const [, name, value] of css.matchAll(/--color-([a-z]+(?:-\d+)?):\s*([^;]+);/g)) {
    tokens.set(name!, value!.trim());
  }
}

/** `slate-600`, `white`, `white/90` (alpha), or `white/90 over brand-950` (translucent on a backdrop). */
function color(spec: string): Rgba {
  const [top, backdrop] = spec.split(' over ');
  const [name, alpha] = top!.split('/');
  const value = tokens.get(name!);
  if (!value) throw new Error(`No theme colour "${name}"`);
  const rgba = parseCssColor(value);
  const translucent = alpha ? { ...rgba, alpha: Number(alpha) / 100 } : rgba;
  return backdrop ? composite(translucent, color(backdrop)) : translucent;
}

const ratio = (fg: string, bg: string) => contrastRatio(color(fg), color(bg));

// ---- The sources ----------------------------------------------------------------------------------

const sources: Record<string, string> = {
  'index.css': appCss,
  ...Object.fromEntries(
    Object.entries(
      import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
        query: '?raw',
        import: 'default',
        eager: true,
      }),
    ).map(([path, text]) => [path.replace(/^\.\.\//, ''), text]),
  ),
};

/** Every match of `pattern` in the sources, as "file: match". */
function matches(pattern: RegExp): string[] {
  return Object.entries(sources).flatMap(([file, text]) =>
    [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`),
  );
}

// ---- The pairs ------------------------------------------------------------------------------------

/** WCAG 1.4.3: 4.5:1 for text, 3:1 for large text (≥ 24 px, or ≥ 18.66 px bold); 1.4.11: 3:1 for UI parts. */
const MINIMUM = { text: 4.5, 'large text': 3, 'non-text': 3 } as const;
type Kind = keyof typeof MINIMUM;

/**
 * One line per pair: `fg on bg | file under src/ | classes that file uses | where`.
 * Disabled controls are exempt (WCAG 1.4.3 and 1.4.11 leave out inactive components).
 */
const PAIRS: Record<string, { kind: Kind; rows: string[] }> = {
  'text on light surfaces': {
    kind: 'text',
    rows: [
      'slate-900 on slate-50 | index.css | bg-slate-50, text-slate-900 | body text on the page',
      'slate-900 on white | features/quizzes/components/quiz-list-row.tsx | text-slate-900 | card titles',
      'slate-800 on white | components/ui/text-field.tsx | text-slate-800 | field labels',
      'slate-800 on slate-100 | app/layouts/user-menu-dropdown.tsx | text-slate-800 data-[highlighted]:bg-slate-100 | highlighted menu item',
      'slate-700 on slate-100 | components/ui/badge.tsx | bg-slate-100 text-slate-700 | grey badge (Draft)',
      'slate-800 on slate-100 | features/quizzes/components/question-palette.tsx | bg-slate-100 text-slate-800 | palette: not visited',
      'violet-900 on violet-100 | components/ui/badge.tsx | bg-violet-100 text-violet-900 | violet badge (Marked for Review)',
      'red-900 on red-50 | features/quizzes/components/offline-notice.tsx | bg-red-50, text-red-900 | storage full notice',
      'brand-800 on red-50 | app/route-error-page.tsx | bg-red-50, text-brand-800 | Back to Quizzes on the error card',
      'slate-700 on slate-100 | features/authoring/components/import-dialog.tsx | text-slate-700, bg-slate-100 | import file examples',
      'slate-600 on white | components/ui/text-field.tsx | text-sm text-slate-600 | hints and other muted text',
      'slate-600 on slate-50 | features/payments/components/price-breakdown.tsx | bg-slate-50, text-slate-600 | price breakdown labels',
      'slate-600 on slate-100 | features/authoring/components/question-editor.tsx | text-slate-600 hover:bg-slate-100 | remove-choice button, hovered',
      'slate-600 on slate-200/70 over slate-50 | features/results/components/quiz-summary-page.tsx | bg-slate-200/70, text-slate-600 | inactive summary tabs',
      'slate-600 on white/80 over slate-100 | features/landing/components/latest-result.tsx | bg-white/80, text-sm text-slate-600 | podium score labels',
      'slate-500 on white | components/ui/text-field.tsx | placeholder:text-slate-500, bg-white | placeholders',
      'slate-500 on white | features/quizzes/components/quiz-list-page.tsx | placeholder:text-slate-500 | search placeholder',
    ],
  },
  'brand text and buttons': {
    kind: 'text',
    rows: [
      'brand-800 on white | features/payments/components/payments-page.tsx | text-brand-800 | links',
      'brand-800 on brand-50 | components/ui/button.tsx | text-brand-800 hover:bg-brand-50 | ghost button, hovered',
      'brand-800 on brand-100 | components/ui/avatar.tsx | bg-brand-100 text-brand-800 | avatar initials',
      'brand-900 on brand-100 | app/layouts/sidebar-nav.tsx | bg-brand-100 text-brand-900 | current sidebar link',
      'brand-900 on brand-50 | features/quizzes/components/attempt-countdown.tsx | bg-brand-50 text-brand-900 | timer, a minute or more left',
      'brand-700 on slate-50 | features/landing/components/latest-result.tsx | bg-slate-50, text-brand-700 | section eyebrow',
      'brand-950 on brand-50 | features/results/components/question-review.tsx | bg-brand-50, text-brand-950 | explanation',
      'white on brand-700 | components/ui/button.tsx | bg-brand-700 text-white | primary button',
      'white on brand-800 | components/ui/button.tsx | text-white hover:bg-brand-800 | primary button, hovered',
      'brand-950 on amber-400 | components/ui/button.tsx | bg-amber-400 text-brand-950 | accent button (Unlock)',
      'brand-950 on amber-300 | components/ui/button.tsx | text-brand-950 hover:bg-amber-300 | accent button, hovered',
      'white on red-600 | components/ui/button.tsx | bg-red-600 text-white | danger button',
      'white on red-700 | components/ui/button.tsx | text-white hover:bg-red-700 | danger button, hovered',
      'white on emerald-700 | features/quizzes/components/question-palette.tsx | bg-emerald-700 text-white | answered question in the palette',
      'white on red-700 | features/quizzes/components/question-palette.tsx | bg-red-700 text-white | not answered question in the palette',
      'white on violet-700 | features/quizzes/components/question-palette.tsx | bg-violet-700 text-white | marked question in the palette',
    ],
  },
  'status text': {
    kind: 'text',
    rows: [
      'red-700 on red-100 | features/quizzes/components/attempt-countdown.tsx | bg-red-100 text-red-700 | the red timer under 60 s (text-lg bold is not large text)',
      'red-700 on white | components/ui/text-field.tsx | text-red-700 | field errors',
      'red-700 on red-50 | app/layouts/user-menu-dropdown.tsx | text-red-700 data-[highlighted]:bg-red-50 | Logout menu item, highlighted',
      'red-800 on red-50 | components/ui/error-state.tsx | bg-red-50, text-red-800 | load error message',
      'red-900 on red-50 | components/ui/error-state.tsx | bg-red-50, text-red-900 | load error title',
      'red-800 on red-100 | components/ui/badge.tsx | bg-red-100 text-red-800 | red badge (Failed)',
      'red-950 on red-50 | features/results/components/question-review.tsx | bg-red-50 text-red-950 | your wrong choice',
      'red-800 on slate-50 | features/results/components/question-review.tsx | bg-slate-50, text-red-800 | "Your answer"',
      'emerald-800 on emerald-100 | components/ui/badge.tsx | bg-emerald-100 text-emerald-800 | green badge (Success, Live)',
      'emerald-800 on slate-50 | features/results/components/question-review.tsx | bg-slate-50, text-emerald-800 | "Correct answer"',
      'emerald-800 on white | features/authoring/components/quiz-details-page.tsx | text-emerald-800 | "Results are published."',
      'emerald-950 on emerald-50 | features/results/components/question-review.tsx | bg-emerald-50 text-emerald-950 | the correct choice',
      'emerald-900 on emerald-50 | features/results/components/analysis-panel.tsx | bg-emerald-50, text-emerald-900 | advisor: a guess pays above',
      'emerald-900 on emerald-50 | features/review/components/review-page.tsx | bg-emerald-50 p-4 font-medium text-emerald-900 | review session complete',
      'amber-900 on amber-100 | components/ui/badge.tsx | bg-amber-100 text-amber-900 | amber badge (Pending, Ended)',
      'amber-900 on amber-50 | features/quizzes/components/quiz-intro-page.tsx | bg-amber-50, text-amber-900 | notices',
      'amber-950 on amber-50 | features/auth/components/dev-outbox-banner.tsx | bg-amber-50, text-amber-950 | dev code banner, pro tips',
      'amber-950 on amber-100 | features/quizzes/components/offline-notice.tsx | bg-amber-100, text-amber-950 | offline notice',
      'amber-800 on white | features/quizzes/components/quiz-list-row.tsx | text-amber-800 | paid quiz label',
      'amber-800 on amber-100 | features/landing/components/hero.tsx | bg-amber-100, text-amber-800 | hero sample timer',
      'blue-800 on blue-100 | components/ui/badge.tsx | bg-blue-100 text-blue-800 | blue badge (Upcoming)',
      'blue-900 on blue-50 | features/quizzes/components/quiz-submitted-page.tsx | bg-blue-50, text-blue-900 | information notes',
    ],
  },
  'results: rank cards and podium': {
    kind: 'text',
    rows: [
      'amber-950 on amber-300 | features/results/components/summary-stats.tsx | to-amber-300 text-amber-950 | gold rank card (darkest end of its gradient)',
      'amber-900 on amber-300 | features/results/components/summary-stats.tsx | to-amber-300, text-amber-900 | gold rank card label',
      'amber-800 on amber-50 | features/results/components/summary-stats.tsx | bg-amber-50, text-amber-800 | amber rank card label',
      'purple-800 on purple-50 | features/results/components/summary-stats.tsx | bg-purple-50, text-purple-800 | purple rank card label',
      'purple-950 on purple-50 | features/results/components/summary-stats.tsx | bg-purple-50 text-purple-950 | purple rank card',
      'blue-800 on blue-50 | features/results/components/summary-stats.tsx | bg-blue-50, text-blue-800 | blue rank card label',
      'blue-950 on blue-50 | features/results/components/summary-stats.tsx | bg-blue-50 text-blue-950 | blue rank card',
      'amber-950 on amber-400 | features/landing/components/latest-result.tsx | bg-amber-400 text-amber-950 | podium Gold badge',
      'slate-900 on slate-300 | features/landing/components/latest-result.tsx | bg-slate-300 text-slate-900 | podium Silver badge',
      'orange-950 on orange-300 | features/landing/components/latest-result.tsx | bg-orange-300 text-orange-950 | podium Bronze badge',
    ],
  },
  'large text': {
    kind: 'large text',
    rows: [
      'amber-700 on amber-50 | features/landing/components/latest-result.tsx | from-amber-50, text-amber-700, text-3xl | podium gold percentage',
      'slate-700 on slate-100 | features/landing/components/latest-result.tsx | from-slate-100, text-slate-700, text-3xl | podium silver percentage',
      'orange-800 on orange-50 | features/landing/components/latest-result.tsx | from-orange-50, text-orange-800, text-3xl | podium bronze percentage',
      'brand-700 on slate-50 | app/not-found-page.tsx | bg-slate-50, text-5xl font-extrabold text-brand-700 | "404"',
    ],
  },
  'text on dark brand surfaces': {
    kind: 'text',
    rows: [
      'white on brand-950 | features/landing/components/landing-footer.tsx | bg-brand-950, text-white | footer headings',
      'brand-100 on brand-950 | features/landing/components/landing-footer.tsx | bg-brand-950 text-brand-100 | footer links',
      'brand-200 on brand-950 | features/landing/components/landing-footer.tsx | text-brand-200 | footer small print',
      'amber-300 on brand-950 | features/landing/components/landing-footer.tsx | hover:text-amber-300 | footer links, hovered',
      'brand-100 on brand-700 | features/landing/components/hero.tsx | to-brand-700, text-brand-100 | hero text (lightest end of its gradient)',
      'amber-300 on brand-700 | features/landing/components/hero.tsx | to-brand-700, text-amber-300 | hero highlight',
      'white on white/10 over brand-700 | features/landing/components/hero.tsx | bg-white/10 | hero exam chips',
      'brand-100 on white/10 over brand-950 | features/landing/components/social-icons.tsx | bg-white/10 text-brand-100 | social icons',
      'brand-950 on amber-400 | features/landing/components/social-icons.tsx | hover:bg-amber-400 hover:text-brand-950 | social icons, hovered',
      'brand-200 on brand-950 | features/landing/components/about.tsx | bg-brand-950, text-brand-200 | about figures',
      'brand-100 on brand-800 | features/quizzes/components/quiz-intro-page.tsx | from-brand-800, text-brand-100 | quiz intro header',
      'white on white/15 over brand-800 | features/quizzes/components/quiz-intro-page.tsx | bg-white/15 | quiz intro tag',
      'brand-100 on brand-700 | features/results/components/quiz-summary-page.tsx | to-brand-700, text-brand-100 | summary header',
      'white on white/10 over brand-700 | features/results/components/quiz-summary-page.tsx | bg-white/10 | summary header chips',
    ],
  },
  'non-text: control edges, state, icons (WCAG 1.4.11)': {
    kind: 'non-text',
    rows: [
      'amber-700 on white | components/charts/bar-chart.tsx | text-amber-700 | chart: comparison bars (top 10%)',
      'amber-700 on white | features/analytics/components/progress-page.tsx | text-amber-700 | chart: percentile line',
      `${CONTROL_BORDER.slice(7)} on white | components/ui/field-styles.ts | ${CONTROL_BORDER} | text inputs and selects (controlBorder)`,
      `${CONTROL_BORDER.slice(7)} on slate-50 | components/listen/listen-controls.tsx | bg-slate-50, ${CONTROL_BORDER} | speech settings selects`,
      `${CONTROL_BORDER_INVALID.slice(7)} on white | components/ui/field-styles.ts | ${CONTROL_BORDER_INVALID} | an invalid field`,
      'slate-500 on white | features/auth/components/otp-input.tsx | border-slate-500, bg-white | OTP boxes',
      'brand-600 on white | features/auth/components/otp-input.tsx | border-brand-600 | the OTP box being typed in',
      'emerald-600 on white | features/authoring/components/question-editor.tsx | border-emerald-600 bg-emerald-50 | editor: the correct choice',
      'brand-600 on white | features/quizzes/components/attempt-question.tsx | border-brand-600 | attempt: the chosen answer',
      'brand-700 on white | features/quizzes/components/question-palette.tsx | ring-brand-700 | palette: the current question',
      'emerald-700 on slate-100 | features/quizzes/components/question-palette.tsx | bg-emerald-700, bg-slate-100 | palette: answered against not visited',
      'red-700 on white | features/quizzes/components/question-palette.tsx | bg-white p-0.5 text-red-700 | palette: the × mark of not answered',
      'emerald-700 on white | features/quizzes/components/question-palette.tsx | bg-white p-0.5 text-emerald-700 | palette: the ✓ mark of answered',
      'violet-700 on white | features/quizzes/components/question-palette.tsx | bg-white p-0.5 text-violet-700 | palette: the flag of marked for review',
      'white on emerald-600 | features/quizzes/components/question-palette.tsx | bg-emerald-600 p-0.5 text-white | palette: the ✓ of answered and marked',
      'emerald-600 on emerald-50 | features/results/components/question-review.tsx | text-emerald-600, bg-emerald-50 | review: "Correct choice" icon',
      'red-600 on red-50 | features/results/components/question-review.tsx | text-red-600, bg-red-50 | review: "Your choice" icon',
      'slate-500 on white | features/results/components/question-review.tsx | text-slate-500 | review: a choice nobody picked (icon)',
      'purple-900 on purple-200 | features/results/components/summary-stats.tsx | bg-purple-200 text-purple-900 | rank card icon',
      'brand-600 on slate-100 | features/authoring/components/score-histogram.tsx | bg-brand-600, bg-slate-100 | score histogram bars',
    ],
  },
  'focus ring (index.css: 2 px outline, 2 px out, so drawn on the surface around the control)': {
    kind: 'non-text',
    rows: [
      ...[
        'white',
        'slate-50',
        'slate-100',
        'brand-50',
        'amber-50',
        'red-50',
        'blue-50',
        'white/90 over brand-950',
      ].map(
        (bg) =>
          `brand-600 on ${bg} | index.css | :focus-visible, outline-brand-600 | focus on light surfaces`,
      ),
      ...['brand-950', 'brand-900', 'brand-800', 'brand-700'].map(
        (bg) =>
          `amber-300 on ${bg} | index.css | .surface-dark :focus-visible, outline-amber-300 | focus on dark surfaces`,
      ),
    ],
  },
};

interface Pair {
  fg: string;
  bg: string;
  kind: Kind;
  file: string;
  classes: string[];
  use: string;
}

const allPairs: Pair[] = Object.values(PAIRS).flatMap(({ kind, rows }) =>
  rows.map((row) => {
    const [colors, file, classes, use] = row.split(' | ');
    const [fg, bg] = colors!.split(' on ');
    return { fg: fg!, bg: bg!, kind, file: file!, classes: classes!.split(', '), use: use! };
  }),
);

describe('design contrast (WCAG 2.2 AA)', () => {
  for (const [group, { kind, rows }] of Object.entries(PAIRS)) {
    const pairs = allPairs.filter((p) =>
      rows.some((row) => row.startsWith(`${p.fg} on ${p.bg} | ${p.file}`)),
    );
    it.each(pairs.map((p) => [`${p.fg} on ${p.bg} (${p.use})`, p] as const))(
      `${group}: %s ≥ ${MINIMUM[kind]}:1`,
      (_, p) => {
        const source = sources[p.file];
        expect(source, `${p.file} exists`).toBeDefined();
        for (const cls of p.classes) expect(source!.includes(cls), `${p.file} uses "${cls}"`).toBe(true);
        const value = ratio(p.fg, p.bg);
        expect(value, `${p.fg} on ${p.bg} is ${value.toFixed(2)}:1`).toBeGreaterThanOrEqual(MINIMUM[p.kind]);
      },
    );
  }

  it('the shades that failed stay gone: slate-300/400 text (≤ 2.6:1) and slate-300 input edges (1.5:1)', () => {
    expect(ratio('slate-400', 'white')).toBeLessThan(MINIMUM.text);
    expect(ratio('slate-300', 'white')).toBeLessThan(MINIMUM['non-text']);
    expect(matches(/(?<![\w:-])(?:placeholder:)?text-slate-(?:300|400)\b/g)).toEqual([]);
    expect(CONTROL_BORDER).toBe('border-slate-500');
  });

  it('every text colour in the components is the foreground of a checked pair', () => {
    const checked = new Set(allPairs.map((p) => p.fg));
    const unchecked = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      const textColour = /(?<![\w-])((?:[\w-]+:|\[[^\]]*\]:)*)text-([a-z]+(?:-\d+)?)\b/g;
      for (const [, variant, name] of text.matchAll(textColour)) {
        // Sizes and alignment (text-sm, text-center) are not colours; disabled controls are exempt.
        if (!tokens.has(name!) || variant!.includes('disabled:')) continue;
        if (!checked.has(name!)) unchecked.add(`${name} (${file})`);
      }
    }
    expect([...unchecked]).toEqual([]);
  });

  it('every colour class names a colour the theme defines (an undefined one silently draws nothing)', () => {
    const utility =
      /(?<![\w-])(?:[\w-]+:|\[[^\]]*\]:)*(?:bg|text|border|ring|ring-offset|outline|from|via|to|fill|stroke|divide|accent|shadow|decoration|caret)-([a-z]+-\d{2,3})(?:\/\d+)?\b/g;
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const [, name] of text.matchAll(utility)) if (!tokens.has(name!)) missing.add(`${name} (${file})`);
    }
    expect([...missing]).toEqual([]);
  });
});

describe('visible focus', () => {
  it('index.css draws a 2 px focus outline, amber on the dark surfaces', () => {
    expect(appCss).toMatch(/\n:focus-visible \{\s*@apply outline-2 outline-offset-2 outline-brand-600;/);
    expect(appCss).toMatch(/\.surface-dark :focus-visible \{\s*@apply outline-amber-300;/);
  });

  it('no component hides the focus outline', () => {
    expect(matches(/(?<![\w-])(?:[\w-]+:|\[[^\]]*\]:)*outline-(?:none|hidden|0)\b/g)).toEqual([]);
  });

  it('every dark brand surface switches the focus ring to amber', () => {
    const surfaces = matches(/["'`][^"'`]*(?:bg-brand-950|from-brand-(?:800|900|950))[^"'`]*["'`]/g);
    expect(surfaces.length).toBeGreaterThanOrEqual(5); // hero, about, footer, quiz intro, summary header
    expect(surfaces.filter((s) => !s.includes('surface-dark'))).toEqual([]);
  });

  it('the interactive ui primitives keep the ring; a visually hidden input shows it on its label', () => {
    const interactive = Object.entries(sources).filter(
      ([file, text]) =>
        file.startsWith('components/ui/') && /<(?:button|input|select|a)\b|<Link\b|\.Close\b/.test(text),
    );
    expect(interactive.map(([file]) => file).sort()).toEqual([
      'components/ui/anchor-button.tsx',
      'components/ui/button-link.tsx',
      'components/ui/button.tsx',
      'components/ui/date-field.tsx',
      'components/ui/dialog.tsx',
      'components/ui/photo-picker.tsx',
      'components/ui/screen-notice.tsx',
      'components/ui/select-field.tsx',
      'components/ui/text-field.tsx',
    ]);
    for (const [file, text] of interactive) {
      expect(/outline-(?:none|hidden|0)\b|ring-0\b/.test(text), `${file} hides the ring`).toBe(false);
      if (text.includes('className="sr-only"')) {
        expect(text, file).toContain('focus-within:outline-2 focus-within:outline-brand-600');
      }
    }
  });
});
