import { Info } from 'lucide-react';
import { useState } from 'react';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { useT } from '../../i18n/use-t';
import { storage } from '../../lib/storage';
import { lacksHindiVoice } from '../../lib/speech';
import { listenCatalog } from './messages/catalog';

/**
 * "No Hindi voice on this device", said once (issue 18): shown where the app would speak its cues in
 * Hindi but the device lists voices and none speaks Hindi. The cues then appear as text on the screen
 * instead. Dismissing it is remembered on this device, so it never comes back there.
 */
export function HindiVoiceNotice({
  voices,
  className = '',
}: {
  voices: readonly Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI'>[];
  className?: string;
}) {
  const t = useT(listenCatalog);
  const [dismissed, setDismissed] = useState(() => storage.get(STORAGE_KEYS.noHindiVoiceNotice) === '1');
  if (dismissed || !lacksHindiVoice(voices)) return null;
  const dismiss = () => {
    storage.set(STORAGE_KEYS.noHindiVoiceNotice, '1');
    setDismissed(true);
  };
  return (
    <div
      role="status"
      data-testid="no-hindi-voice"
      className={`flex items-start gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 ${className}`}
    >
      <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-semibold">{t('listen.noHindiVoice.title')}</p>
        <p>{t('listen.noHindiVoice.text')}</p>
        <button
          type="button"
          onClick={dismiss}
          className="min-h-11 rounded-xl bg-white px-4 font-semibold text-amber-950 ring-1 ring-amber-400 hover:bg-amber-100 active:bg-amber-200"
        >
          {t('listen.noHindiVoice.dismiss')}
        </button>
      </div>
    </div>
  );
}
