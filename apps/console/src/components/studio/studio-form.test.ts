import type { StaffUxtTest } from '@tessera/contracts';
import { uxtTestInputSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, emptyTask, inputOf, moveTask, validateDraft } from './studio-form.ts';

const stored: StaffUxtTest = {
  id: '3f0c1c44-54a6-4d1e-9a55-6f1bd1f1f0a1',
  title: 'Send money',
  description: 'Transfers',
  startingPath: '/dashboard/home',
  guidelines: 'Think aloud.',
  conclusion: '',
  reqMic: true,
  reqCamera: false,
  sus: true,
  status: 'draft',
  tasks: [
    {
      task_id: 1,
      title: 'Open wallets',
      description: '',
      allow_typing: false,
      success: { kind: 'page', path: '/dashboard/wallets/**' },
    },
    {
      task_id: 2,
      title: 'Send 10 EUR',
      description: 'To Bob',
      allow_typing: true,
      success: { kind: 'request', method: 'POST', path: '/api/cash-operations/transfers', status: '2xx' },
    },
    { task_id: 3, title: 'Tell us', description: '', allow_typing: true, success: null },
  ],
  createdAt: '2026-11-27T05:00:00.000Z',
  updatedAt: '2026-11-27T05:00:00.000Z',
  participantPath: '/dashboard/home?oruxt=3f0c1c44-54a6-4d1e-9a55-6f1bd1f1f0a1',
};

describe('the test editor form', () => {
  it('gives back what was stored, success conditions included, as the contract accepts it', () => {
    const input = inputOf(draftOf(stored));
    expect(input).toEqual({
      title: 'Send money',
      description: 'Transfers',
      startingPath: '/dashboard/home',
      guidelines: 'Think aloud.',
      conclusion: '',
      reqMic: true,
      reqCamera: false,
      sus: true,
      tasks: stored.tasks.map(({ title, description, allow_typing, success }) => ({
        title,
        description,
        allow_typing,
        success,
      })),
    });
    expect(uxtTestInputSchema.safeParse(input).success).toBe(true);
    expect(validateDraft(draftOf(stored))).toEqual({});
  });

  it('names each mistake by field: no title, a starting path off this site, a task without a title, a bad pattern', () => {
    const draft = emptyDraft();
    draft.startingPath = '//evil.example/';
    const task = draft.tasks[0]!;
    task.successKind = 'page';
    task.pagePath = 'dashboard';
    expect(validateDraft(draft)).toEqual({
      title: 'editor.errors.titleRequired',
      startingPath: 'editor.errors.startingPath',
      [`task.${task.key}.title`]: 'editor.errors.taskTitleRequired',
      [`task.${task.key}.path`]: 'editor.errors.pathPattern',
    });
  });

  it('refuses a test without tasks, and an empty starting path means the home page', () => {
    const draft = { ...emptyDraft(), title: 'T', startingPath: ' ', tasks: [] };
    expect(validateDraft(draft)).toEqual({ tasks: 'editor.errors.noTask' });
    const one = { ...draft, tasks: [{ ...emptyTask(), title: 'Look' }] };
    expect(validateDraft(one)).toEqual({});
    expect(inputOf(one).startingPath).toBe('/');
  });

  it('sends no success condition for a task whose condition is not measured, whatever was typed before', () => {
    const task = { ...emptyTask(), title: 'Look', requestPath: '/api/x', pagePath: '/y' };
    expect(inputOf({ ...emptyDraft(), title: 'T', tasks: [task] }).tasks[0]!.success).toBeNull();
  });

  it('moves a task up or down and leaves the list alone at its ends', () => {
    const [a, b, c] = [emptyTask(), emptyTask(), emptyTask()];
    const tasks = [a!, b!, c!];
    expect(moveTask(tasks, 2, -1).map((task) => task.key)).toEqual([a!.key, c!.key, b!.key]);
    expect(moveTask(tasks, 0, 1).map((task) => task.key)).toEqual([b!.key, a!.key, c!.key]);
    expect(moveTask(tasks, 0, -1)).toEqual(tasks);
    expect(moveTask(tasks, 2, 1)).toEqual(tasks);
  });
});
