import { Pause, Play, Settings2, Square, Volume2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { QuestionReaderState } from '../../hooks/use-question-reader';
import { formatNumber } from '../../i18n/format';
import { useLanguage, useT } from '../../i18n/use-t';
import { RATE_STEPS, voicesFor, type ListenableQuestion } from '../../lib/speech';
import { listenCatalog } from './messages/catalog';

/**
 * Listen to one question (its recording when it has one), with speed and voice settings saved on
 * this device. Says so plainly where the browser cannot speak.
 */
export function ListenControls({
  question,
  reader,
}: {
  question: ListenableQuestion;
  reader: QuestionReaderState;
}) {
  const t = useT(listenCatalog);
  const language = useLanguage();
  const rateText = (rate: number) => `${formatNumber(rate, language)}×`;
  const [showSettings, setShowSettings] = useState(false);
  const settingsId = useId();
  const rateId = useId();
  const voiceId = useId();
  const lang = question.lang ?? 'en';
  const recorded = Boolean(question.audioUrl);
  const canListen = recorded || reader.speechSupported;
  const languageVoices = voicesFor(reader.voices, lang);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {canListen ? (
        <>
          <button
            type="button"
            onClick={() => (reader.reading ? reader.stop() : reader.read(question))}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-50 px-4 text-sm font-semibold text-brand-900 ring-1 ring-brand-200 hover:bg-brand-100 active:bg-brand-200"
          >
            {reader.reading ? (
              <Square className="size-4" aria-hidden="true" />
            ) : (
              <Volume2 className="size-4" aria-hidden="true" />
            )}
            {reader.reading ? t('listen.stop') : t('listen.listen')}
          </button>
          {reader.reading && (
            <button
              type="button"
              onClick={reader.togglePause}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-50 active:bg-slate-100"
            >
              {reader.paused ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
              {reader.paused ? t('listen.resume') : t('listen.pause')}
            </button>
          )}
          <button
            type="button"
            aria-expanded={showSettings}
            aria-controls={settingsId}
            onClick={() => setShowSettings((v) => !v)}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 active:bg-slate-200"
          >
            <Settings2 className="size-4" aria-hidden="true" />
            {t('listen.settings')}
          </button>
          {recorded && <span className="text-sm text-slate-600">{t('listen.recorded')}</span>}
        </>
      ) : (
        <p role="status" className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-600">
          <Volume2 className="size-4" aria-hidden="true" />
          {t('listen.unsupported')}
        </p>
      )}
      {canListen && showSettings && (
        <div id={settingsId} className="flex w-full flex-wrap gap-3 rounded-xl bg-slate-50 p-3">
          <div>
            <label htmlFor={rateId} className="mb-1 block text-sm font-medium text-slate-700">
              {t('listen.speed')}
            </label>
            <select
              id={rateId}
              value={String(reader.settings.rate)}
              onChange={(e) => reader.setRate(Number(e.target.value))}
              className="min-h-11 rounded-lg border border-slate-500 bg-white px-2 text-sm"
            >
              {!RATE_STEPS.includes(reader.settings.rate as (typeof RATE_STEPS)[number]) && (
                <option value={String(reader.settings.rate)}>{rateText(reader.settings.rate)}</option>
              )}
              {RATE_STEPS.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {rateText(rate)}
                </option>
              ))}
            </select>
          </div>
          {reader.speechSupported && (
            <div className="min-w-0 flex-1">
              <label htmlFor={voiceId} className="mb-1 block text-sm font-medium text-slate-700">
                {t('listen.voice', { lang })}
              </label>
              <select
                id={voiceId}
                value={
                  languageVoices.some((v) => v.voiceURI === reader.settings.voiceURI)
                    ? reader.settings.voiceURI!
                    : ''
                }
                onChange={(e) => reader.setVoice(e.target.value || null)}
                className="min-h-11 w-full max-w-full rounded-lg border border-slate-500 bg-white px-2 text-sm"
              >
                <option value="">{t('listen.automatic')}</option>
                {languageVoices.map((voice) => (
                  <option key={voice.voiceURI} value={voice.voiceURI}>
                    {voice.name} ({voice.lang})
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
