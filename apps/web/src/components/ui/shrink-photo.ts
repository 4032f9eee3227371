/** Longest side of a photo after shrinking on the device (issue 17). */
export const PHOTO_MAX_SIDE_PX = 1280;

/**
 * Shrinks a camera photo on the device so it fits the upload limit: decoded (EXIF orientation
 * applied), scaled to at most 1280 px on its longest side and re-encoded as JPEG, trying lower
 * qualities until it is under `maxBytes`. Null when the browser cannot decode it or no quality
 * gets it small enough (the caller then shows "Image must be less than 2MB").
 */
export async function shrinkPhoto(
  file: File,
  maxBytes: number,
  maxSide = PHOTO_MAX_SIDE_PX,
): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return null;
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.85, 0.72, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= maxBytes) {
      const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
      return new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() });
    }
  }
  return null;
}
