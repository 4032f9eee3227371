import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import { sectionName, type SectionLayout } from '../lib/attempt-sections';

/**
 * Between two locked sections (issue 26): the one that closed, the one that started (its clock already
 * runs on the server), and one way on. Focus lands on its heading so a screen reader hears it.
 */
export function SectionInterstitial({
  layout,
  closed,
  next,
  onContinue,
}: {
  layout: SectionLayout;
  closed: number;
  next: number;
  onContinue(): void;
}) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [next]);
  const section = layout.sections[next]!;
  const name = sectionName(section, language);
  return (
    <section
      aria-labelledby="section-interstitial-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 text-center"
    >
      <p className="text-sm font-semibold text-slate-700">
        {t('attempt.section.closedHeading', { number: formatNumber(closed + 1, language) })}
      </p>
      <h2
        id="section-interstitial-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900"
      >
        {t('attempt.section.nextHeading', { number: formatNumber(next + 1, language), name })}
      </h2>
      <p className="text-slate-800">
        {t('attempt.section.nextText', {
          minutes: section.durationMin ?? 0,
          count: section.end - section.start,
        })}
      </p>
      <p className="text-sm text-slate-700">{t('attempt.section.noReturn')}</p>
      <Button className="w-full sm:w-auto" onClick={onContinue}>
        {t('attempt.section.continue', { name })}
      </Button>
    </section>
  );
}
