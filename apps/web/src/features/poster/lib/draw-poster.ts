import { POSTER } from '@quizcast/contract/constants';

function loadImage(src: string, crossOrigin = false): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Pictures are served from the app's own origin; asking for CORS keeps the canvas clean if a
    // deployment serves them from an object-storage domain instead.
    if (crossOrigin) image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Could not load image'));
    image.src = src;
  });
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** The circle when there is no picture (or it cannot be loaded): a soft disc with the initials. */
function drawPlaceholder(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number, name: string) {
  const gradient = ctx.createLinearGradient(cx, cy - r, cx, cy + r);
  gradient.addColorStop(0, '#a78bfa');
  gradient.addColorStop(1, '#6d28d9');
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${Math.round(r * 0.6)}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(initials(name), cx, cy);
}

/** Draws the picture "cover"-cropped into the circle. */
function drawPicture(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  cx: number,
  cy: number,
  r: number,
) {
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  const sx = (image.naturalWidth - side) / 2;
  const sy = (image.naturalHeight - side) / 2;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.closePath();
  ctx.clip();
  ctx.drawImage(image, sx, sy, side, side, cx - r, cy - r, r * 2, r * 2);
  ctx.restore();
}

export interface PosterInput {
  template: Blob;
  name?: string | null;
  pictureUrl?: string | null;
  /** Printed when there is no name (the spec's "User Name", or its Hindi). */
  fallbackName?: string;
}

/**
 * The participation poster (spec section 9): the template, the profile picture as a circle of 660 px
 * diameter at (280, 380), and the name in bold 60px white 100 px below the circle ("User Name" when
 * missing). Returns a PNG of the template's size.
 */
export async function drawPoster({ template, name, pictureUrl, fallbackName }: PosterInput): Promise<Blob> {
  const templateUrl = URL.createObjectURL(template);
  try {
    const background = await loadImage(templateUrl);
    const canvas = document.createElement('canvas');
    canvas.width = background.naturalWidth;
    canvas.height = background.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Could not get canvas context');
    ctx.drawImage(background, 0, 0);

    const displayName = name?.trim() || fallbackName || POSTER.fallbackName;
    const r = POSTER.pictureDiameterPx / 2;
    const cx = POSTER.pictureX + r;
    const cy = POSTER.pictureY + r;
    const picture = pictureUrl ? await loadImage(pictureUrl, true).catch(() => null) : null;
    if (picture) drawPicture(ctx, picture, cx, cy, r);
    else drawPlaceholder(ctx, cx, cy, r, displayName);

    ctx.font = POSTER.nameFont;
    ctx.fillStyle = POSTER.nameColor;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(
      displayName,
      cx,
      POSTER.pictureY + POSTER.pictureDiameterPx + POSTER.nameOffsetBelowPx,
      canvas.width - 80,
    );

    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the poster'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(templateUrl);
  }
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
