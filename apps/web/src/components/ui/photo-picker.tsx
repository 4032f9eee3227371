import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '@quizcast/contract/constants';
import { STUDENT_MESSAGES } from '@quizcast/contract/messages/student';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../i18n/use-t';
import { Avatar } from './avatar';
import { shrinkPhoto } from './shrink-photo';

/**
 * The spec's client checks for a chosen photo: an image type, under 2MB. A bigger photo (a phone
 * camera's) is first shrunk on the device; only when that cannot get it under 2MB is it refused.
 */
export async function preparePhoto(file: File): Promise<{ file: File } | { problem: string }> {
  if (!file.type.startsWith('image/')) return { problem: STUDENT_MESSAGES.imageType };
  if (file.size <= PROFILE_IMAGE_MAX_BYTES) return { file };
  const smaller = await shrinkPhoto(file, PROFILE_IMAGE_MAX_BYTES);
  return smaller ? { file: smaller } : { problem: STUDENT_MESSAGES.imageSize };
}

/**
 * Optional profile photo: pick, preview, remove; hint "Max 2MB". `file` is the new choice;
 * `currentUrl` the saved photo shown until replaced or removed.
 */
export function PhotoPicker({
  file,
  currentUrl,
  onChange,
  label,
}: {
  file: File | null;
  currentUrl?: string | null;
  /** A valid new file, or null when the photo was removed. */
  onChange(file: File | null): void;
  label?: string;
}) {
  const inputId = useId();
  const t = useT(commonCatalog);
  const m = useServerMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);

  // One object URL per chosen file, revoked when it is replaced or the picker goes away.
  useEffect(() => {
    if (!file) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- mirrors the external object URL
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl ?? null;

  return (
    <div className="flex items-center gap-4">
      <Avatar src={shown} alt={shown ? t('common.photo.selected') : ''} size="lg" />
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800" id={`${inputId}-label`}>
          {label ?? t('common.photo.label')}{' '}
          <span className="font-normal text-slate-600">{t('common.photo.optional')}</span>
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600"
          >
            <Camera className="size-4" aria-hidden="true" />
            {shown ? t('common.photo.change') : t('common.photo.upload')}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (!chosen) return;
                setError(null);
                setShrinking(chosen.size > PROFILE_IMAGE_MAX_BYTES);
                void preparePhoto(chosen).then((result) => {
                  setShrinking(false);
                  if ('problem' in result) setError(result.problem);
                  else onChange(result.file);
                });
              }}
            />
          </label>
          {shown && (
            <button
              type="button"
              onClick={() => {
                setError(null);
                onChange(null);
              }}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('common.photo.remove')}
            </button>
          )}
        </div>
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600" aria-live="polite">
          {shrinking ? t('common.photo.shrinking') : t('common.photo.maxSize')}
        </p>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {m(error)}
          </p>
        )}
      </div>
    </div>
  );
}
