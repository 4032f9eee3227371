const formatter = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Results will be published on 22 Nov, 3:30 pm IST." — or a plain sentence without a time. */
export function resultsPublishedText(resultsAt: string | undefined): string {
  const date = resultsAt ? new Date(resultsAt) : null;
  if (!date || Number.isNaN(date.getTime()))
    return 'Your score, rank and the correct answers will be published after the quiz ends.';
  return `Your score, rank and the correct answers will be published on ${formatter.format(date)} IST.`;
}
