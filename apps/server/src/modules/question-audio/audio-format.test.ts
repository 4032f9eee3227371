import { describe, expect, it } from 'vitest';
import { detectAudioFormat } from './audio-format';

const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64, 0)]);

describe('detectAudioFormat', () => {
  it('recognises mp3 (ID3 or a bare frame), m4a, ogg and webm by their bytes', () => {
    expect(detectAudioFormat(pad(Buffer.from('ID3\x03\x00', 'latin1')))).toBe('mp3');
    expect(detectAudioFormat(pad(Buffer.from([0xff, 0xfb, 0x90, 0x64])))).toBe('mp3');
    expect(detectAudioFormat(pad(Buffer.from('\x00\x00\x00\x20ftypM4A ', 'latin1')))).toBe('m4a');
    expect(detectAudioFormat(pad(Buffer.from('OggS\x00\x02', 'latin1')))).toBe('ogg');
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
    ]);
    expect(detectAudioFormat(pad(webm))).toBe('webm');
  });

  it('refuses other files (text, PNG, Matroska that is not webm, tiny files)', () => {
    expect(detectAudioFormat(pad(Buffer.from('hello world, not audio')))).toBeNull();
    expect(detectAudioFormat(pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))).toBeNull();
    const mkv = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]),
      Buffer.from('matroska'),
    ]);
    expect(detectAudioFormat(pad(mkv))).toBeNull();
    expect(detectAudioFormat(Buffer.from('ID3'))).toBeNull();
  });
});
