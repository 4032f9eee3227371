import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptQuestion as Question } from '@quizcast/contract/schemas/quiz';
import { ListenControls } from '../../../components/listen/listen-controls';
import { useQuestionReader } from '../../../hooks/use-question-reader';
import type { SpeechEnvironment } from '../../../lib/speech';
import { AttemptQuestion } from './attempt-question';

interface FakeUtterance {
  text: string;
  onstart?: () => void;
  onend?: () => void;
}

function fakeEnvironment(withSpeech: boolean) {
  const spoken: FakeUtterance[] = [];
  const played: string[] = [];
  const env: SpeechEnvironment = {
    synth: withSpeech
      ? ({
          getVoices: () => [],
          speak: (u: FakeUtterance) => spoken.push(u),
          cancel: () => undefined,
          pause: () => undefined,
          resume: () => undefined,
        } as unknown as SpeechSynthesis)
      : null,
    createUtterance: (text) => ({ text }) as unknown as SpeechSynthesisUtterance,
    createAudio: (url) => {
      played.push(url);
      return {
        play: () => Promise.resolve(),
        pause: () => undefined,
        removeAttribute: () => undefined,
      } as unknown as HTMLAudioElement;
    },
  };
  return { env, spoken, played };
}

const plain: Question = {
  _id: 'q1',
  qn: 'Capital of India?',
  choices: ['Mumbai', 'New Delhi'],
  lang: 'en',
  audioUrl: null,
};

function Harness({ env, question = plain }: { env: SpeechEnvironment; question?: Question }) {
  const reader = useQuestionReader(env);
  return (
    <AttemptQuestion
      question={question}
      index={0}
      total={1}
      onChoose={() => undefined}
      readingPart={reader.part}
      listen={<ListenControls question={question} reader={reader} />}
    />
  );
}

afterEach(cleanup);

describe('Listen on a question', () => {
  it('reads the question then each choice and highlights the choice being read', () => {
    const { env, spoken } = fakeEnvironment(true);
    render(<Harness env={env} />);
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(spoken.map((u) => u.text)).toEqual([
      'Capital of India?',
      'Option A: Mumbai',
      'Option B: New Delhi',
    ]);
    act(() => spoken[0]!.onstart!());
    expect(screen.getByText('Capital of India?')?.getAttribute('data-reading')).toBe('true');
    act(() => spoken[2]!.onstart!());
    expect(screen.getByText('New Delhi').closest('label')?.getAttribute('data-reading')).toBe('true');
    expect(screen.getByText('Mumbai').closest('label')?.hasAttribute('data-reading')).toBe(false);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    act(() => spoken[2]!.onend!());
    expect(screen.getByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(screen.getByText('New Delhi').closest('label')?.hasAttribute('data-reading')).toBe(false);
  });

  it('offers speed and voice settings and keeps the speed on the device', () => {
    const { env } = fakeEnvironment(true);
    render(<Harness env={env} />);
    fireEvent.click(screen.getByRole('button', { name: 'Listen settings' }));
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '1.5' } });
    expect(JSON.parse(window.localStorage.getItem('QUIZCAST_LISTEN_SETTINGS')!)).toMatchObject({ rate: 1.5 });
    expect((screen.getByLabelText('English voice') as HTMLSelectElement).value).toBe('');
  });

  it('plays the recording instead of speech, with the question text kept as the transcript', () => {
    const { env, spoken, played } = fakeEnvironment(false);
    render(<Harness env={env} question={{ ...plain, audioUrl: '/api/files/audio/a.mp3' }} />);
    expect(screen.getByText('Recorded audio · the text below is the transcript')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(played).toEqual(['/api/files/audio/a.mp3']);
    expect(spoken).toEqual([]);
    expect(screen.getByText('Capital of India?')).toBeTruthy();
  });

  it('says plainly when the browser cannot speak', () => {
    const { env } = fakeEnvironment(false);
    render(<Harness env={env} />);
    expect(screen.getByRole('status').textContent).toBe('Listening is not supported in this browser');
    expect(screen.queryByRole('button', { name: 'Listen' })).toBeNull();
  });
});
