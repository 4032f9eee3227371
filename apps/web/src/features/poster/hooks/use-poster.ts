import { useCallback, useEffect, useRef, useState } from 'react';
import { POSTER } from '@quizcast/contract/constants';
import { fetchPosterTemplate } from '../api/poster-template';
import { drawPoster, saveBlob } from '../lib/draw-poster';

export type PosterState =
  | { status: 'idle' }
  | { status: 'generating' }
  | { status: 'done' }
  /** `message` is the error's own (in English, technical), or undefined for the screen's "Failed to generate image". */
  | { status: 'error'; message?: string };

/** Poster generation: idle → generating → done, or error (dismissable back to idle). */
export function usePoster({
  name,
  pictureUrl,
  fallbackName,
}: {
  name?: string | null;
  pictureUrl?: string | null;
  /** The name printed when the learner has none ("User Name", or its Hindi). */
  fallbackName?: string;
}) {
  const [state, setState] = useState<PosterState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const generate = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'generating' });
    try {
      const template = await fetchPosterTemplate(current.signal);
      const poster = await drawPoster({ template, name, pictureUrl, fallbackName });
      if (current.signal.aborted) return;
      saveBlob(poster, POSTER.fileName);
      setState({ status: 'done' });
    } catch (err) {
      if (current.signal.aborted && controller.current !== current) return;
      const message = err instanceof Error && err.message ? err.message : undefined;
      setState({ status: 'error', message });
    }
  }, [name, pictureUrl, fallbackName]);

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);

  return { state, generate, dismiss };
}
