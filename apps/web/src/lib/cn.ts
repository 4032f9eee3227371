import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets the later of two conflicting Tailwind classes win
 * (`cn('text-sm', 'text-base')` is `text-base`), so a caller's className really overrides.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return twMerge(classes);
}
