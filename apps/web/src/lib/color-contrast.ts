/**
 * WCAG 2.2 contrast ratios for the CSS colours the app's theme uses (hex and oklch, as Tailwind 4
 * writes them). Pure code, used by the design-token contrast test.
 */

/** An sRGB colour, gamma-encoded channels in 0…1, with alpha. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** sRGB transfer function (IEC 61966-2-1, as in CSS Color 4 §10.2 and WCAG 2.2's relative luminance). */
const encode = (linear: number) =>
  linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055;
const decode = (c: number) => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));

/**
 * OKLCH → sRGB: OKLCH → OKLab (a = C·cos h, b = C·sin h) → LMS → linear sRGB with the matrices of
 * Björn Ottosson, "A perceptual color space for image processing" (2020,
 * https://bottosson.github.io/posts/oklab/), the ones CSS Color 4 §9 uses. Colours outside sRGB
 * are clipped per channel, as Chromium draws them on an sRGB screen.
 */
export function oklchToRgb(lightness: number, chroma: number, hueDeg: number, alpha = 1): Rgba {
  const h = (hueDeg * Math.PI) / 180;
  const a = chroma * Math.cos(h);
  const b = chroma * Math.sin(h);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  const g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  const bl = -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s;
  return { r: encode(clamp01(r)), g: encode(clamp01(g)), b: encode(clamp01(bl)), alpha };
}

/** Parses the colour forms the theme uses: `#rgb`, `#rrggbb` and `oklch(L% C H)` (optionally `/ alpha`). */
export function parseCssColor(value: string): Rgba {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16) / 255;
    return { r: channel(0), g: channel(2), b: channel(4), alpha: 1 };
  }
  const oklch = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)(?:\s*\/\s*([\d.]+)(%?))?\s*\)$/.exec(text);
  if (oklch) {
    const [, l, lPercent, c, h, alpha, alphaPercent] = oklch;
    const lightness = Number(l) / (lPercent ? 100 : 1);
    const opacity = alpha === undefined ? 1 : Number(alpha) / (alphaPercent ? 100 : 1);
    return oklchToRgb(lightness, Number(c), Number(h), opacity);
  }
  throw new Error(`Unsupported colour: ${value}`);
}

/** `color` painted over an opaque `backdrop` (source-over, in gamma-encoded sRGB as browsers blend). */
export function composite(color: Rgba, backdrop: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * color.alpha + bottom * (1 - color.alpha);
  return { r: mix(color.r, backdrop.r), g: mix(color.g, backdrop.g), b: mix(color.b, backdrop.b), alpha: 1 };
}

/** WCAG 2.2 relative luminance (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * decode(r) + 0.7152 * decode(g) + 0.0722 * decode(b);
}

/** WCAG 2.2 contrast ratio (L1 + 0.05) / (L2 + 0.05), 1…21; a translucent foreground is composited first. */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
  if (background.alpha < 1) throw new Error('The background must be opaque (composite it first)');
  const fg = foreground.alpha < 1 ? composite(foreground, background) : foreground;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(background)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
