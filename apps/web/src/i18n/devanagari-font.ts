let loading: Promise<unknown> | null = null;

/**
 * Noto Sans Devanagari (fontsource, the Devanagari subset only, `font-display: swap`), self-hosted.
 * Imported only once Hindi is on screen, so the English landing page never downloads it; regular and
 * bold cover the weights the screens use (the browser picks the nearest for 500/600/800).
 */
export function loadDevanagariFont(): Promise<unknown> {
  loading ??= Promise.all([
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
  ]).catch((err: unknown) => {
    loading = null;
    console.warn('Could not load the Devanagari font; the system font is used', err);
  });
  return loading;
}
