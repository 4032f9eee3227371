/** Jump to any question; answered ones are filled, the current one is ringed. */
export function QuestionPalette({
  questionIds,
  answers,
  currentIndex,
  onJump,
}: {
  questionIds: string[];
  answers: Record<string, string>;
  currentIndex: number;
  onJump(index: number): void;
}) {
  const answeredCount = questionIds.filter((id) => answers[id] !== undefined).length;
  return (
    <nav aria-label="Question palette" className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="mb-3 text-sm text-slate-600">
        {answeredCount} of {questionIds.length} answered
      </p>
      <ol className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2">
        {questionIds.map((id, index) => {
          const answered = answers[id] !== undefined;
          const current = index === currentIndex;
          return (
            <li key={id}>
              <button
                type="button"
                onClick={() => onJump(index)}
                aria-label={`Question ${index + 1}, ${answered ? 'answered' : 'not answered'}`}
                aria-current={current ? 'step' : undefined}
                className={`grid size-11 place-items-center rounded-xl text-sm font-semibold transition-colors ${
                  answered ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                } ${current ? 'ring-2 ring-brand-700 ring-offset-2' : ''}`}
              >
                {index + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
