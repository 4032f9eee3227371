import type { Language } from './languages';

/** A Hindi catalogue of server messages: exact English → Hindi, plus patterns for varying parts. */
export interface ServerMessageCatalogue {
  exact: Readonly<Record<string, string>>;
  patterns: ReadonlyArray<readonly [RegExp, (...parts: string[]) => string]>;
}

/** One message in the chosen language; English, or a message with no translation, is returned as is. */
export function localiseMessage(
  message: string,
  language: Language,
  catalogue: ServerMessageCatalogue | null,
): string {
  if (language === 'en' || !catalogue) return message;
  if (Object.prototype.hasOwnProperty.call(catalogue.exact, message)) return catalogue.exact[message]!;
  for (const [pattern, render] of catalogue.patterns) {
    const match = pattern.exec(message);
    if (match) return render(...match.slice(1));
  }
  return message;
}

/** The contract's error body `message` (one or many) in the chosen language. */
export function localiseMessages(
  message: string | string[],
  language: Language,
  catalogue: ServerMessageCatalogue | null,
): string | string[] {
  return Array.isArray(message)
    ? message.map((m) => localiseMessage(m, language, catalogue))
    : localiseMessage(message, language, catalogue);
}
