/**
 * Sharing a result card (issue 28): with the Web Share API when this phone can share files, otherwise
 * a WhatsApp link and a download of the same image.
 */
export interface ShareFallback {
  whatsappUrl: string;
  downloadUrl: string;
}

export const CARD_FILE_NAME = 'quizcast-result.png';

/** `https://wa.me/?text=…`: WhatsApp opens with the text (and its link) ready to send. */
export const whatsappUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** The server's drawing of the card, as a file to share or save. */
export async function cardFile(imageUrl: string): Promise<File> {
  const response = await fetch(imageUrl);
  if (!response.ok) throw new Error(`card image: ${response.status}`);
  return new File([await response.blob()], CARD_FILE_NAME, { type: 'image/png' });
}

/**
 * Shares the file and text through the phone's share sheet; returns a fallback when files cannot be
 * shared here (null when shared, or when the learner closed the sheet).
 */
export async function shareCard(file: File, text: string, title: string): Promise<ShareFallback | null> {
  const data = { files: [file], text, title };
  if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
      return null;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return null;
      // Share failed otherwise (not allowed here): fall back.
    }
  }
  return { whatsappUrl: whatsappUrl(text), downloadUrl: URL.createObjectURL(file) };
}
