import type { QuestionAudioFormat } from '@quizcast/contract/schemas/question-audio';

/**
 * The audio format of an upload, judged by its bytes (never its name or declared type):
 * MP3 (ID3 tag or an MPEG audio frame header), M4A (an ISO-BMFF `ftyp` box), Ogg (`OggS`),
 * WebM (an EBML header whose doc type is webm). Anything else is null.
 */
export function detectAudioFormat(data: Buffer): QuestionAudioFormat | null {
  if (data.length < 12) return null;
  if (data.subarray(0, 3).toString('latin1') === 'ID3') return 'mp3';
  // MPEG frame sync: 11 set bits, a known version, layer III/II/I, and a bitrate index that is not "bad".
  if (
    data[0] === 0xff &&
    (data[1]! & 0xe0) === 0xe0 &&
    (data[1]! & 0x06) !== 0 &&
    (data[2]! & 0xf0) !== 0xf0
  ) {
    if ((data[1]! & 0x18) !== 0x08) return 'mp3';
  }
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return 'm4a';
  if (data.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  if (data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) {
    return data.subarray(0, 64).includes('webm', 0, 'latin1') ? 'webm' : null;
  }
  return null;
}
