import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, oklchToRgb, parseCssColor, relativeLuminance } from './color-contrast';

const hex = (rgba: { r: number; g: number; b: number }) =>
  `#${[rgba.r, rgba.g, rgba.b]
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

describe('color-contrast', () => {
  it('matches the WCAG reference values: black on white is 21:1, #767676 on white is 4.54:1', () => {
    expect(contrastRatio(parseCssColor('#000'), parseCssColor('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseCssColor('#767676'), parseCssColor('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(relativeLuminance(parseCssColor('#fff'))).toBeCloseTo(1, 10);
  });

  it('converts oklch like browsers do (Tailwind 4 colours against their published sRGB fallbacks)', () => {
    expect(hex(parseCssColor('oklch(100% 0 0)'))).toBe('#ffffff');
    expect(hex(parseCssColor('oklch(0% 0 0)'))).toBe('#000000');
    // slate-500 and red-700 of Tailwind 4 (tailwindcss.com/docs/colors lists them as #62748e, #c10007).
    expect(hex(parseCssColor('oklch(55.4% 0.046 257.417)'))).toBe('#62748e');
    expect(hex(parseCssColor('oklch(50.5% 0.213 27.518)'))).toBe('#c10007');
    // The OKLab reference white point: L=1, C=0 is sRGB white.
    expect(oklchToRgb(1, 0, 0)).toMatchObject({ alpha: 1 });
  });

  it('reads alpha and composites a translucent colour over its backdrop', () => {
    const half = parseCssColor('oklch(0% 0 0 / 50%)');
    expect(half.alpha).toBe(0.5);
    expect(hex(composite(half, parseCssColor('#ffffff')))).toBe('#808080');
    // Black at 50% over white is grey 0.5 (sRGB), the same as the opaque grey.
    const grey = { r: 0.5, g: 0.5, b: 0.5, alpha: 1 };
    expect(contrastRatio(half, parseCssColor('#fff'))).toBeCloseTo(
      contrastRatio(grey, parseCssColor('#fff')),
      10,
    );
  });

  it('refuses colours it cannot read and translucent backgrounds', () => {
    expect(() => parseCssColor('rgb(0 0 0)')).toThrow('Unsupported colour');
    expect(() => contrastRatio(parseCssColor('#000'), parseCssColor('oklch(100% 0 0 / 0.5)'))).toThrow();
  });
});
