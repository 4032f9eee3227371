import type { MathText } from '@quizcast/contract/schemas/question-text';

/**
 * A question text: as plain text (React escapes it), or, when it has formulas, the HTML the server
 * rendered when the quiz was saved (ADR 019): its own text escaped there and Temml's MathML, which
 * the browser lays out natively, so no math JavaScript ships.
 */
export function RichText({ text, math }: { text: string; math?: MathText | null }) {
  if (!math) return <>{text}</>;
  return <span data-math="" dangerouslySetInnerHTML={{ __html: math.html }} />;
}
