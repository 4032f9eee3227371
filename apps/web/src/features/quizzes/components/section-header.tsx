import { Suspense } from 'react';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { Button } from '../../../components/ui/button';
import { attemptCatalog } from '../attempt/messages/catalog';
import type { TimeWarning } from '../../../hooks/audio-mode';
import type { AttemptSections } from '../hooks/use-attempt-sections';
import { sectionName, type SectionLayout } from '../lib/attempt-sections';
import { AttemptClock } from './attempt-clock';
import { ConfirmDialog } from './attempt-dialogs';

/**
 * A sectioned quiz's header (issue 26): "Section 2 of 3 · Quantitative Aptitude", where the learner is
 * in it, and either the section's own clock and "Close section early" (locked order) or the sections as
 * tabs on the quiz's one clock (free).
 */
export function SectionHeader({
  layout,
  current,
  currentIndex,
  clockOffsetMs,
  onSectionExpire,
  onSectionWarning,
  onCloseEarly,
  onSwitch,
  disabled,
}: {
  layout: SectionLayout;
  current: number;
  currentIndex: number;
  clockOffsetMs: number;
  onSectionExpire(): void;
  onSectionWarning(warning: TimeWarning): void;
  onCloseEarly(): void;
  onSwitch(section: number): void;
  disabled: boolean;
}) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  const section = layout.sections[current]!;
  const locked = layout.navigation === 'locked';
  const isLastSection = current === layout.sections.length - 1;
  const n = (value: number) => formatNumber(value, language);
  return (
    <section
      aria-labelledby="section-heading"
      className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50 p-4"
    >
      {!locked && (
        <div role="group" aria-label={t('attempt.section.tabs')} className="flex flex-wrap gap-2">
          {layout.sections.map((s) => (
            <button
              key={s.index}
              type="button"
              aria-pressed={s.index === current}
              disabled={disabled}
              onClick={() => onSwitch(s.index)}
              className={`min-h-11 rounded-xl px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                s.index === current
                  ? 'bg-brand-800 text-white'
                  : 'bg-white text-brand-900 ring-1 ring-brand-300'
              }`}
            >
              {sectionName(s, language)}
            </button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="section-heading" className="text-base font-bold text-brand-950">
            {t('attempt.section.header', {
              number: n(current + 1),
              total: n(layout.sections.length),
              name: sectionName(section, language),
            })}
          </h2>
          <p className="text-sm text-brand-900">
            {t('attempt.section.position', {
              number: n(Math.min(currentIndex, section.end - 1) - section.start + 1),
              total: n(section.end - section.start),
            })}
          </p>
        </div>
        {locked && section.closesAtMs !== null && (
          <AttemptClock
            deadlineMs={section.closesAtMs}
            clockOffsetMs={clockOffsetMs}
            onExpire={onSectionExpire}
            onWarning={onSectionWarning}
            label={t('attempt.section.clockLabel')}
            quiet
            testId="section-countdown"
          />
        )}
      </div>
      {locked && !isLastSection && (
        <Button variant="secondary" className="w-full sm:w-auto" disabled={disabled} onClick={onCloseEarly}>
          {t('attempt.section.closeEarly')}
        </Button>
      )}
    </section>
  );
}

/** "Close section early" asks first: the section cannot be reopened (focus is trapped and returned by Dialog). */
export function SectionCloseDialog({
  open,
  onOpenChange,
  sections,
  focusConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  sections: AttemptSections;
  /** Audio mode: the dialog is spoken and starts on "Close section", so Enter closes it. */
  focusConfirm: boolean;
}) {
  const t = useT(attemptCatalog);
  if (!sections.layout) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('attempt.section.closeTitle', { name: sections.currentName })}
        message={t('attempt.section.closeText', { next: sections.nextName })}
        confirmLabel={t('attempt.section.closeConfirm')}
        cancelLabel={t('attempt.section.keepWorking')}
        destructive
        focusConfirm={focusConfirm}
        onConfirm={() => {
          onOpenChange(false);
          void sections.closeEarly();
        }}
      />
    </Suspense>
  );
}
