// Request shapes shared by the load generator (plain Node) and fixture.ts (verification).

/**
 * The full answer set a student autosaves in round `round` (1, 2, …): every question answered, and
 * each round changes exactly one answer from the round before (question (round − 1) mod n moves on
 * to its next choice), as a learner does between two autosaves 30 s apart.
 */
export function answersForRound(questions, round) {
  return questions.map((q, j) => {
    const changes = round > j ? Math.floor((round - 1 - j) / questions.length) + 1 : 0;
    return { qnId: q.id, selectedOption: q.choices[changes % q.choices.length] };
  });
}

/**
 * Review: grading request i goes to learner i mod L (L learners in turn), to that learner's next card
 * not yet graded (card ⌊i / L⌋), so each card is graded at most once; ratings 1–4 in turn.
 */
export function gradingOf(fixture, i) {
  const learners = fixture.cards.length;
  const learner = i % learners;
  return { learner, cardId: fixture.cards[learner][Math.floor(i / learners)], rating: 1 + (i % 4) };
}
