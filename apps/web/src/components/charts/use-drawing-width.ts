import { useLayoutEffect, useRef, useState } from 'react';

/** A chart label's size on screen, in CSS pixels: no text under 12 px on a phone (issue 30). */
export const LABEL_PX = 12;

/**
 * The width a chart's SVG takes on screen, in CSS pixels. A chart draws with a viewBox of exactly this
 * width, so one unit is one pixel and a label's font size is its size on screen (a fixed 320-unit
 * viewBox shrunk to a phone drew 9-unit labels at 8 px). `fallback` until the SVG is measured (and
 * where nothing is laid out, as in jsdom); the chart redraws when its width changes.
 */
export function useDrawingWidth(fallback: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const measure = () => {
      const measured = Math.round(svg.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Roughly how wide a label of `chars` characters is at LABEL_PX (a generous 0.6 em a character). */
export const labelWidth = (chars: number) => chars * LABEL_PX * 0.6;
