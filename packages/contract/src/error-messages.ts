/** Error helpers without schemas, for code that must not load zod (the web app's first download). */

/** Messages joined as the spec's client does: an array becomes "a, b". */
export function joinMessage(message: string | string[]): string {
  return Array.isArray(message) ? message.join(', ') : message;
}
