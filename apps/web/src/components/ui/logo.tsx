import { Headphones } from 'lucide-react';

/** `wordmarkClassName` can hide the name where space is short (the link around it carries the name). */
export function Logo({
  inverted = false,
  wordmarkClassName = '',
}: {
  inverted?: boolean;
  wordmarkClassName?: string;
}) {
  return (
    <span className="inline-flex items-center gap-2 font-bold tracking-tight">
      <span className="grid size-9 place-items-center rounded-xl bg-brand-800 text-amber-300 shadow-sm">
        <Headphones className="size-5" aria-hidden="true" />
      </span>
      <span className={`text-xl ${inverted ? 'text-white' : 'text-brand-950'} ${wordmarkClassName}`}>
        Quizcast
      </span>
    </span>
  );
}
