/**
 * The edge of a text input, select or OTP box: the only thing that shows where the control is, so
 * WCAG 2.2 SC 1.4.11 (non-text contrast) asks for at least 3:1 against the page. slate-300 (1.5:1)
 * failed; slate-500 gives 4.8:1 on white. Red marks an invalid field (3.8:1). Checked in
 * `lib/design-contrast.test.ts`.
 */
export const CONTROL_BORDER = 'border-slate-500';
export const CONTROL_BORDER_INVALID = 'border-red-500';

export function controlBorder(invalid?: unknown): string {
  return invalid ? CONTROL_BORDER_INVALID : CONTROL_BORDER;
}
