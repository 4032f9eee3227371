import { describe, expect, it } from 'vitest';
import { isUuid, participantQuizIdParamSchema, quizIdParamSchema, UNKNOWN_ID_ISSUE } from './ids';

const ID = '4d3c8a51-0000-4000-8000-000000000000';

describe('ids', () => {
  it('accepts any UUID text in either case, nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid(`${ID}0`)).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
  });

  it("fails a malformed path id with the route's not-found message, marked as an unknown id", () => {
    expect(quizIdParamSchema.parse({ id: ID })).toEqual({ id: ID });
    const result = quizIdParamSchema.safeParse({ id: 'nope' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        message: 'Quiz not found',
        params: { [UNKNOWN_ID_ISSUE]: true },
      }),
    ]);
  });

  it('keeps the rules a parameter had before as ordinary failures', () => {
    const result = participantQuizIdParamSchema.safeParse({ quizId: 'a'.repeat(65) });
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'too_big', path: ['quizId'] })]);
  });
});
