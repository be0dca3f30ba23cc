/**
 * The test editor's form: what the researcher types, checked against the contract's rules (uxtTestInputSchema) so
 * each mistake is named beside its field before anything is sent; the ingest checks again (VALIDATION_FAILED).
 */
import type { UXT_HTTP_METHODS, UXT_STATUS_CLASSES } from '@tessera/contracts';
import {
  type StaffUxtTest,
  UXT_TASKS_MAX,
  uxtPathPatternSchema,
  type UxtSuccessCondition,
  type UxtTestInput,
  uxtTestInputSchema,
} from '@tessera/contracts';

export type SuccessKind = 'none' | 'request' | 'page';
export type HttpMethod = (typeof UXT_HTTP_METHODS)[number];
export type StatusClass = (typeof UXT_STATUS_CLASSES)[number];

/** One task being edited; `key` keeps React's identity of a task while tasks move. */
export interface TaskDraft {
  key: string;
  title: string;
  description: string;
  allowTyping: boolean;
  successKind: SuccessKind;
  method: HttpMethod;
  requestPath: string;
  statusClass: StatusClass;
  pagePath: string;
}

export interface TestDraft {
  title: string;
  description: string;
  startingPath: string;
  guidelines: string;
  conclusion: string;
  reqMic: boolean;
  reqCamera: boolean;
  sus: boolean;
  tasks: TaskDraft[];
}

/** Field limits, the contract's (shown as maxLength so the browser stops at them). */
export const LIMITS = {
  title: 200,
  description: 2000,
  startingPath: 500,
  guidelines: 5000,
  conclusion: 2000,
  taskTitle: 200,
  taskDescription: 2000,
  path: 500,
} as const;

let nextKey = 0;
function taskKey(): string {
  nextKey += 1;
  return `task-${nextKey}`;
}

export function emptyTask(): TaskDraft {
  return {
    key: taskKey(),
    title: '',
    description: '',
    allowTyping: false,
    successKind: 'none',
    method: 'POST',
    requestPath: '',
    statusClass: '2xx',
    pagePath: '',
  };
}

export function emptyDraft(): TestDraft {
  return {
    title: '',
    description: '',
    startingPath: '/',
    guidelines: '',
    conclusion: '',
    reqMic: false,
    reqCamera: false,
    sus: false,
    tasks: [emptyTask()],
  };
}

function taskFromSuccess(success: UxtSuccessCondition | null): Partial<TaskDraft> {
  if (success?.kind === 'request') {
    return {
      successKind: 'request',
      method: success.method,
      requestPath: success.path,
      statusClass: success.status,
    };
  }
  if (success?.kind === 'page') {
    return { successKind: 'page', pagePath: success.path };
  }
  return {};
}

/** A stored test as the editor shows it. */
export function draftOf(test: StaffUxtTest): TestDraft {
  return {
    title: test.title,
    description: test.description,
    startingPath: test.startingPath,
    guidelines: test.guidelines,
    conclusion: test.conclusion,
    reqMic: test.reqMic,
    reqCamera: test.reqCamera,
    sus: test.sus,
    tasks: test.tasks.map((task) => ({
      ...emptyTask(),
      title: task.title,
      description: task.description,
      allowTyping: task.allow_typing,
      ...taskFromSuccess(task.success),
    })),
  };
}

function successOf(task: TaskDraft): UxtSuccessCondition | null {
  switch (task.successKind) {
    case 'request':
      return {
        kind: 'request',
        method: task.method,
        path: task.requestPath.trim(),
        status: task.statusClass,
      };
    case 'page':
      return { kind: 'page', path: task.pagePath.trim() };
    case 'none':
      return null;
  }
}

/** What the ingest receives for a draft. */
export function inputOf(draft: TestDraft): UxtTestInput {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    startingPath: draft.startingPath.trim() || '/',
    guidelines: draft.guidelines.trim(),
    conclusion: draft.conclusion.trim(),
    reqMic: draft.reqMic,
    reqCamera: draft.reqCamera,
    sus: draft.sus,
    tasks: draft.tasks.map((task) => ({
      title: task.title.trim(),
      description: task.description.trim(),
      allow_typing: task.allowTyping,
      success: successOf(task),
    })),
  };
}

/** The translation key (studio namespace) of each field's mistake; empty when the draft can be sent. */
export type DraftErrors = Record<string, string>;

/** Field names of the errors: `title`, `startingPath`, `tasks`, `task.<key>.title`, `task.<key>.path`. */
export function validateDraft(draft: TestDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.title.trim() === '') {
    errors['title'] = 'editor.errors.titleRequired';
  }
  const startingPath = draft.startingPath.trim() || '/';
  if (!uxtTestInputSchema.shape.startingPath.safeParse(startingPath).success) {
    errors['startingPath'] = 'editor.errors.startingPath';
  }
  if (draft.tasks.length === 0) {
    errors['tasks'] = 'editor.errors.noTask';
  }
  if (draft.tasks.length > UXT_TASKS_MAX) {
    errors['tasks'] = 'editor.errors.tooManyTasks';
  }
  for (const task of draft.tasks) {
    if (task.title.trim() === '') {
      errors[`task.${task.key}.title`] = 'editor.errors.taskTitleRequired';
    }
    const path =
      task.successKind === 'request' ? task.requestPath : task.successKind === 'page' ? task.pagePath : null;
    if (path !== null && !uxtPathPatternSchema.safeParse(path.trim()).success) {
      errors[`task.${task.key}.path`] = 'editor.errors.pathPattern';
    }
  }
  // Whatever the rules above miss, the contract's schema still refuses: never send what it would.
  if (Object.keys(errors).length === 0 && !uxtTestInputSchema.safeParse(inputOf(draft)).success) {
    errors['form'] = 'editor.errors.invalid';
  }
  return errors;
}

/** The tasks with the one at `index` moved by `offset` (-1 up, +1 down); unchanged at the ends. */
export function moveTask(tasks: readonly TaskDraft[], index: number, offset: -1 | 1): TaskDraft[] {
  const target = index + offset;
  if (index < 0 || index >= tasks.length || target < 0 || target >= tasks.length) {
    return [...tasks];
  }
  const moved = [...tasks];
  const [task] = moved.splice(index, 1);
  moved.splice(target, 0, task!);
  return moved;
}
