import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { setLanguage } from '../../../i18n/i18n';
import { AuthProvider } from '../../../lib/auth';
import { AdminOnly } from '../../../app/admin-guard/admin-only';
import { ImportDialog } from './import-dialog';
import { CreateQuizPage } from './quiz-editor';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function signInAs(role: 'admin' | 'participant') {
  window.localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ _id: 'u1', name: 'Asha', phNo: '9000000001', place: 'Pune', class: 'Other', role }),
  );
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
}

function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter(
    [
      { element: <AdminOnly />, children: routes },
      { path: '/quizzes', element: <p>Quiz list</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('AdminOnly', () => {
  it('shows a participant a clear "Not allowed" page with a way back', async () => {
    signInAs('participant');
    renderAt('/participants', [{ path: '/participants', element: <p>Secret admin list</p> }]);
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByText('Secret admin list')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Quizzes' }));
    expect(await screen.findByText('Quiz list')).toBeTruthy();
  });

  it('lets an admin through', async () => {
    signInAs('admin');
    renderAt('/participants', [{ path: '/participants', element: <p>Secret admin list</p> }]);
    expect(await screen.findByText('Secret admin list')).toBeTruthy();
  });
});

describe('quiz editor', () => {
  it('lists every problem before saving and sends nothing', async () => {
    signInAs('admin');
    renderAt('/quizzess/create', [{ path: '/quizzess/create', element: <CreateQuizPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Create quiz' }));
    const heading = await screen.findByText('Fix 8 problems before saving:');
    const summary = heading.closest<HTMLElement>('[role="alert"]')!;
    // The editor moves focus on the next animation frame, once the summary is painted.
    await waitFor(() => expect(document.activeElement).toBe(summary));
    for (const message of [
      'Name must be 3–200 characters',
      'Start time is required',
      'End time is required',
      'Question 1: question text is required',
      'Question 1: choice A is empty',
    ]) {
      expect(within(summary).getByText(message)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the same problems in Hindi when the admin reads Hindi', async () => {
    signInAs('admin');
    await setLanguage('hi');
    try {
      renderAt('/quizzess/create', [{ path: '/quizzess/create', element: <CreateQuizPage /> }]);
      await userEvent.click(await screen.findByRole('button', { name: 'क्विज़ बनाएँ' }));
      const heading = await screen.findByText('सेव करने से पहले 8 गलतियाँ ठीक करें:');
      const summary = heading.closest<HTMLElement>('[role="alert"]')!;
      for (const message of [
        'नाम 3 से 200 अक्षरों का होना चाहिए',
        'शुरू होने का समय चुनना ज़रूरी है',
        'खत्म होने का समय चुनना ज़रूरी है',
        'प्रश्न 1: प्रश्न का टेक्स्ट लिखना ज़रूरी है',
        'प्रश्न 1: विकल्प A खाली है',
      ]) {
        expect(within(summary).getByText(message)).toBeTruthy();
      }
      // The question's own list under its card, in Hindi too.
      expect(screen.getAllByText('प्रश्न 1: विकल्प D खाली है')).toHaveLength(2);
      expect(screen.getByLabelText('प्रश्न 1 का टेक्स्ट')).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });

  it('adds, reorders and removes questions, keeping the marked answer with its choice', async () => {
    signInAs('admin');
    renderAt('/quizzess/create', [{ path: '/quizzess/create', element: <CreateQuizPage /> }]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Question 1 text'), 'First?');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByLabelText('Question 2 text'), 'Second?');
    await user.click(screen.getByRole('radio', { name: 'Question 2: choice C is correct' }));
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect((screen.getByLabelText('Question 1 text') as HTMLTextAreaElement).value).toBe('Second?');
    expect(
      (screen.getByRole('radio', { name: 'Question 1: choice C is correct' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove choice A of question 1' }));
    expect(
      (screen.getByRole('radio', { name: 'Question 1: choice B is correct' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect((screen.getByLabelText('Question 1 text') as HTMLTextAreaElement).value).toBe('First?');
    expect(screen.getByRole('heading', { name: 'Questions (1)' })).toBeTruthy();
    // The editor's whole form (with its sections panel) is queried by role after each step: slow in jsdom.
  }, 20_000);
  it('imports into the form without saving the quiz, replacing the untouched blank question', async () => {
    signInAs('admin');
    fetchMock.mockResolvedValueOnce(
      json(200, {
        format: 'csv',
        questions: [
          { qn: 'Imported one?', choices: ['a', 'b'], ansIndex: 1, explanation: null },
          { qn: 'Imported two?', choices: ['c', 'd', 'e'], ansIndex: 2, explanation: 'Because.' },
        ],
      }),
    );
    renderAt('/quizzess/create', [{ path: '/quizzess/create', element: <CreateQuizPage /> }]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Valid name');
    await user.click(screen.getByRole('button', { name: 'Import questions' }));
    await user.upload(screen.getByLabelText('Question file (.csv or .txt)'), new File(['x'], 'q.csv'));
    await user.click(screen.getByRole('button', { name: 'Check and import' }));
    expect(await screen.findByRole('heading', { name: 'Questions (2)' })).toBeTruthy();
    expect((screen.getByLabelText('Question 2 text') as HTMLTextAreaElement).value).toBe('Imported two?');
    expect(
      (screen.getByRole('radio', { name: 'Question 2: choice C is correct' }) as HTMLInputElement).checked,
    ).toBe(true);
    // Only the preview was called: the dialog's submit never reached the quiz form.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/quizzes/questions/import-preview',
    ]);
    expect(screen.queryByText(/before saving/)).toBeNull();
  }, 20_000);
});

describe('import dialog', () => {
  it('lists every bad line the server reports and imports nothing', async () => {
    signInAs('admin');
    fetchMock.mockResolvedValueOnce(
      json(400, {
        statusCode: 400,
        message: [
          'Line 3: question text is required',
          'Line 7: answer must be a letter A–F or a number 1–6 (got "Z")',
        ],
        error: 'Bad Request',
      }),
    );
    const onImported = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportDialog open onOpenChange={() => {}} onImported={onImported} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Question file (.csv or .txt)'),
      new File(['qn,choice1'], 'bad.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check and import' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('2 problems found. Nothing was imported.')).toBeTruthy();
    expect(within(alert).getByText('Line 3: question text is required')).toBeTruthy();
    expect(
      within(alert).getByText('Line 7: answer must be a letter A–F or a number 1–6 (got "Z")'),
    ).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/quizzes/questions/import-preview');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('hands good questions to the editor with the chosen mode', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        format: 'aiken',
        questions: [{ qn: 'Q?', choices: ['a', 'b'], ansIndex: 1, explanation: null }],
      }),
    );
    const onImported = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportDialog open onOpenChange={onOpenChange} onImported={onImported} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Question file (.csv or .txt)'), new File(['Q?'], 'q.txt'));
    await user.click(screen.getByRole('radio', { name: 'Replace all questions' }));
    await user.click(screen.getByRole('button', { name: 'Check and import' }));
    await waitFor(() =>
      expect(onImported).toHaveBeenCalledWith(
        [{ qn: 'Q?', choices: ['a', 'b'], ansIndex: 1, explanation: null }],
        'replace',
      ),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
