import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_STOP_BYTES } from '../lib/recording';
import { QuestionRecording } from './question-recording';

/**
 * The microphone is browser hardware: these tests stand in a fake `getUserMedia` and `MediaRecorder`
 * (the true edge) and drive the real component, hook and upload request.
 */

const WEBM_BYTES = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);

class FakeTrack {
  stop = vi.fn();
}

class FakeStream {
  readonly tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
}

class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = vi.fn((type: string) => type.startsWith('audio/webm'));
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  /** Like a browser: the last data, then "stop", after the current task. */
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob([WEBM_BYTES], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

const fetchMock = vi.fn<typeof fetch>();
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<FakeStream>>();
const createObjectURL = vi.fn((_blob: Blob) => 'blob:take-1');
const revokeObjectURL = vi.fn((_url: string) => {});
let streams: FakeStream[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const QUIZ_ID = '11111111-1111-4111-8111-111111111111';
const QUESTION_ID = '22222222-2222-4222-8222-222222222222';

/** The editor's use: the question's audioUrl follows what the component reports. */
function Editor({ initialAudioUrl = null }: { initialAudioUrl?: string | null }) {
  const [audioUrl, setAudioUrl] = useState<string | null>(initialAudioUrl);
  return (
    <QuestionRecording
      quizId={QUIZ_ID}
      questionId={QUESTION_ID}
      number={3}
      audioUrl={audioUrl}
      onChange={setAudioUrl}
    />
  );
}

function renderEditor() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <Editor />
    </QueryClientProvider>,
  );
}

function installMicrophone() {
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

beforeEach(() => {
  streams = [];
  FakeMediaRecorder.instances = [];
  getUserMedia.mockImplementation(async () => {
    const stream = new FakeStream();
    streams.push(stream);
    return stream;
  });
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true });
  installMicrophone();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  getUserMedia.mockReset();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

/** A Blob's bytes (jsdom's Blob has no arrayBuffer(); its FileReader does the job). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const allTracksStopped = () => streams.every((s) => s.tracks.every((t) => t.stop.mock.calls.length > 0));

async function recordAndStop(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Record question 3' }));
  expect(await screen.findByText('Recording…')).toBeTruthy();
  const stop = screen.getByRole('button', { name: 'Stop recording question 3' });
  expect(document.activeElement).toBe(stop);
  await user.click(stop);
  return screen.findByRole('button', { name: 'Use this recording for question 3' });
}

describe('QuestionRecording: recording with the microphone', () => {
  it('records, previews, and "Use this recording" uploads the take as question-3.webm', async () => {
    fetchMock.mockResolvedValueOnce(
      json(201, {
        questionId: QUESTION_ID,
        audioUrl: '/api/files/audio/33333333-3333-4333-8333-333333333333.webm',
      }),
    );
    const user = userEvent.setup();
    renderEditor();

    const use = await recordAndStop(user);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.instances[0]!.mimeType).toBe('audio/webm;codecs=opus');
    expect(allTracksStopped()).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(/^New recording ready \(0:00\)/);
    const preview = screen.getByLabelText('New recording of question 3 (not saved yet)');
    expect(preview.getAttribute('src')).toBe('blob:take-1');
    expect(document.activeElement).toBe(use);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(use);
    expect(await screen.findByLabelText('Recording of question 3')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/quizzes/${QUIZ_ID}/questions/${QUESTION_ID}/audio`);
    expect(init?.method).toBe('POST');
    const file = (init?.body as FormData).get('audio') as File;
    expect(file.name).toBe('question-3.webm');
    expect(file.type).toBe('audio/webm;codecs=opus');
    expect(await bytesOf(file)).toEqual(WEBM_BYTES);
    // The preview is gone and its object URL released; Record is there for another take.
    expect(screen.queryByLabelText('New recording of question 3 (not saved yet)')).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:take-1');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record question 3' }));
  });

  it('Discard drops the take without uploading and offers Record again', async () => {
    const user = userEvent.setup();
    renderEditor();
    await recordAndStop(user);
    await user.click(screen.getByRole('button', { name: 'Discard the new recording of question 3' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:take-1');
    expect(screen.queryByLabelText('New recording of question 3 (not saved yet)')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record question 3' }));
    expect(screen.getByText('None: participants hear the question read aloud.')).toBeTruthy();
    expect(allTracksStopped()).toBe(true);
  });

  it("shows the server's message when the upload fails, and keeps the take to try again", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Audio must be an mp3, m4a, ogg or webm file',
      }),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await recordAndStop(user));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Audio must be an mp3, m4a, ogg or webm file',
    );
    expect(screen.getByLabelText('New recording of question 3 (not saved yet)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use this recording for question 3' })).toBeTruthy();
  });

  it('says so when microphone permission is denied, and upload still works', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Record question 3' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Microphone permission was denied. Allow it in the browser settings, or upload a file instead.',
    );
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Record question 3' })).toBeTruthy();
    expect((screen.getByLabelText(/Upload the recording of question 3/) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('says so when there is no microphone', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Record question 3' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No microphone was found/);
  });

  it('says recording is not supported where MediaRecorder is missing, and keeps the upload', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    renderEditor();
    expect(screen.getByText(/Recording is not supported in this browser/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record question 3' })).toBeNull();
    expect((screen.getByLabelText(/Upload the recording of question 3/) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('says recording is not supported where getUserMedia is missing', () => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    renderEditor();
    expect(screen.getByText(/Recording is not supported/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record question 3' })).toBeNull();
  });

  it('counts m:ss while recording and stops by itself at two minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Record question 3' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Recording…');
    const timer = screen.getByRole('timer', { name: 'Recording time' });
    expect(timer.textContent).toBe('0:00');
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    expect(timer.textContent).toBe('1:05');
    expect(status.textContent).toBe('Recording…');
    expect(allTracksStopped()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(55_000));
    expect(status.textContent).toBe(
      'Recording stopped at the 2-minute limit. New recording ready (2:00): listen to it, then use it or discard it.',
    );
    expect(screen.getByLabelText('New recording of question 3 (not saved yet)')).toBeTruthy();
    expect(allTracksStopped()).toBe(true);
  });

  it('stops by itself before the take reaches the 5 MB upload limit', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Record question 3' }));
    await screen.findByText('Recording…');
    const recorder = FakeMediaRecorder.instances[0]!;
    act(() => recorder.ondataavailable?.({ data: new Blob([new Uint8Array(RECORDING_STOP_BYTES)]) }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Recording stopped before reaching the 5 MB limit\. New recording ready/,
    );
    expect(recorder.state).toBe('inactive');
    expect(allTracksStopped()).toBe(true);
  });

  it('releases the microphone when the editor goes away mid-recording', async () => {
    const user = userEvent.setup();
    const view = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Record question 3' }));
    await screen.findByText('Recording…');
    expect(allTracksStopped()).toBe(false);
    view.unmount();
    expect(allTracksStopped()).toBe(true);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
  });
});
