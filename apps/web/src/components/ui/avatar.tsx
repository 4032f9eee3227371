import { UserRound } from 'lucide-react';

const sizes = { sm: 'size-10', md: 'size-16', lg: 'size-28' } as const;
const iconSizes = { sm: 'size-5', md: 'size-8', lg: 'size-14' } as const;

/** A profile picture, or an icon standing in when there is none. */
export function Avatar({
  src,
  alt = '',
  size = 'sm',
  className = '',
}: {
  src?: string | null;
  /** Empty when the name is shown next to it (decorative). */
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 text-brand-800 ${sizes[size]} ${className}`}
    >
      {src ? (
        <img src={src} alt={alt} className="size-full object-cover" decoding="async" />
      ) : (
        <UserRound className={iconSizes[size]} aria-hidden="true" data-testid="avatar-placeholder" />
      )}
    </span>
  );
}
