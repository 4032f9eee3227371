import { useEffect, useState } from 'react';
import { browserSpeechEnvironment } from '../lib/speech';

function deviceVoices(): SpeechSynthesisVoice[] {
  try {
    return browserSpeechEnvironment().synth?.getVoices() ?? [];
  } catch {
    return [];
  }
}

/** The device's speech voices, kept up to date (browsers list them after the first `voiceschanged`). */
export function useSpeechVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState(deviceVoices);
  useEffect(() => {
    const synth = browserSpeechEnvironment().synth;
    const update = () => setVoices(deviceVoices());
    update();
    synth?.addEventListener?.('voiceschanged', update);
    return () => synth?.removeEventListener?.('voiceschanged', update);
  }, []);
  return voices;
}
