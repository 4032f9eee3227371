import { useEffect } from 'react';

/** The tab's title while this screen shows ("… · Quizcast", in the language on screen); the previous one after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Quizcast`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
