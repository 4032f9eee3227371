import { Headphones, Pause, Play, RotateCcw } from 'lucide-react';
import { HindiVoiceNotice } from '../../../components/listen/hindi-voice-notice';
import { Button } from '../../../components/ui/button';
import { useLanguage, useT } from '../../../i18n/use-t';
import type { usePracticeAudio } from '../hooks/use-practice-audio';
import { practiceCatalog } from '../messages/catalog';

/**
 * Audio mode in a practice (the attempt's switch and keys): when on, questions are read and each
 * answer's feedback is spoken. The last thing said is shown and announced to screen readers.
 */
export function PracticeAudioPanel({ audio }: { audio: ReturnType<typeof usePracticeAudio> }) {
  const t = useT(practiceCatalog);
  const language = useLanguage();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3">
      <button
        type="button"
        aria-pressed={audio.on}
        onClick={audio.toggle}
        className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 ${
          audio.on
            ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
            : 'bg-white text-brand-900 ring-slate-300 hover:bg-slate-50'
        }`}
      >
        <Headphones className="size-4" aria-hidden="true" />
        {audio.on ? t('practice.audio.on') : t('practice.audio.off')}
      </button>
      {audio.on && (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-600">{t('practice.audio.keys')}</p>
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('practice.audio.controls')}>
            <Button variant="secondary" onClick={audio.replay}>
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('practice.audio.replay')}
            </Button>
            <Button variant="secondary" onClick={audio.togglePause}>
              {audio.paused ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
              {audio.paused ? t('practice.audio.resume') : t('practice.audio.pause')}
            </Button>
          </div>
          {language === 'hi' && <HindiVoiceNotice voices={audio.voices} />}
        </div>
      )}
      <p
        role="status"
        aria-live="polite"
        data-testid="practice-spoken"
        className={audio.spoken ? 'mt-2 text-sm font-medium text-slate-800' : 'sr-only'}
      >
        {audio.spoken}
      </p>
    </div>
  );
}
