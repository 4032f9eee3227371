import { Headphones, Pause, Play, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';

/**
 * The audio-mode switch, its keys and controls, and the last thing audio mode said: shown, and announced
 * to screen readers (it is also the text where the device cannot speak it, e.g. without a Hindi voice).
 */
export function AudioModePanel({
  on,
  onToggle,
  paused,
  onReplay,
  onTogglePause,
  spoken,
  sectionKeys = false,
  notice,
}: {
  on: boolean;
  onToggle(): void;
  paused: boolean;
  onReplay(): void;
  onTogglePause(): void;
  spoken: string;
  /** A locked sectional mock: the keys include X, close the section (issue 26). */
  sectionKeys?: boolean;
  /** Shown under the controls while audio mode is on (the one-time "no Hindi voice" notice). */
  notice?: ReactNode;
}) {
  const t = useT(attemptCatalog);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3">
      <button
        type="button"
        aria-pressed={on}
        onClick={onToggle}
        className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 ${
          on
            ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
            : 'bg-white text-brand-900 ring-slate-300 hover:bg-slate-50'
        }`}
      >
        <Headphones className="size-4" aria-hidden="true" />
        {on ? t('attempt.audioModeOn') : t('attempt.audioModeOff')}
      </button>
      {on && (
        <div className="mt-3 space-y-3">
          <p id="audio-mode-keys" className="text-sm text-slate-600">
            {t(sectionKeys ? 'attempt.audioKeysSections' : 'attempt.audioKeys')}
          </p>
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('attempt.audioControls')}>
            <Button variant="secondary" onClick={onReplay}>
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('attempt.replay')}
            </Button>
            <Button variant="secondary" onClick={onTogglePause}>
              {paused ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
              {paused ? t('attempt.resume') : t('attempt.pause')}
            </Button>
          </div>
          {notice}
        </div>
      )}
      <p
        role="status"
        aria-live="polite"
        className={spoken ? 'mt-2 text-sm font-medium text-slate-800' : 'sr-only'}
      >
        {spoken}
      </p>
    </div>
  );
}
