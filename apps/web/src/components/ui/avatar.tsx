import { useState } from 'react';
import { UserRound } from 'lucide-react';

const sizes = { sm: 'size-10', md: 'size-16', lg: 'size-28' } as const;
/** CSS px shown, and the stored square copy that covers it at 2x (server: AVATAR_VARIANT_PX). */
const shownPx = { sm: 40, md: 64, lg: 112 } as const;
const variantPx = { sm: 96, md: 192, lg: 192 } as const;

/**
 * `/api/files/avatars/<uuid>.webp?exp=…&sig=…` → its `-96`/`-192` copy with the same signature (it
 * covers every size); any other URL (a preview) as it is.
 */
export function avatarSrc(src: string, px: 96 | 192): string {
  return src.replace(/^(\/api\/files\/avatars\/[0-9a-f-]{36})\.webp(\?[^#]*)?$/, `$1-${px}.webp$2`);
}
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
  // A signed photo URL kept on the device may have expired (ADR 015): the icon stands in.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : null;
  return (
    <span
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 text-brand-800 ${sizes[size]} ${className}`}
    >
      {shown ? (
        <img
          src={avatarSrc(shown, variantPx[size])}
          onError={() => setFailedSrc(shown)}
          alt={alt}
          width={shownPx[size]}
          height={shownPx[size]}
          className="size-full object-cover"
          decoding="async"
        />
      ) : (
        <UserRound className={iconSizes[size]} aria-hidden="true" data-testid="avatar-placeholder" />
      )}
    </span>
  );
}
