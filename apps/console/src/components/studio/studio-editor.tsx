import { UXT_HTTP_METHODS, UXT_STATUS_CLASSES, UXT_TASKS_MAX, type UxtTestInput } from '@tessera/contracts';
import { Alert, Button, Card, Checkbox, Cluster, TextField } from '@tessera/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  type DraftErrors,
  emptyTask,
  inputOf,
  LIMITS,
  moveTask,
  type TaskDraft,
  type TestDraft,
  validateDraft,
} from './studio-form.ts';
import { StudioTaskFields } from './studio-task-fields.tsx';
import { StudioTextarea } from './studio-textarea.tsx';

/** The id of the control that shows an error, so a refused save can move focus to the first one. */
function controlIdOf(field: string): string {
  return field.startsWith('task.') ? field.replace(/^task\.([^.]+)\.(\w+)$/, '$1-$2') : `studio-${field}`;
}

/**
 * Create or edit a test: its texts, what the participant's browser must share, the SUS questionnaire, and the tasks
 * (added, moved up or down, removed; each may accept a typed answer and say how success is measured). Mistakes are
 * named beside their field and focus goes to the first one; `failure` is the ingest's refusal, already translated.
 */
export function StudioEditor({
  initial,
  submitLabel,
  busy,
  failure,
  onSubmit,
  headingLevel = 2,
}: {
  headingLevel?: 2 | 3;
  initial: TestDraft;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (input: UxtTestInput) => void;
}) {
  const { t } = useTranslation('studio');
  const [draft, setDraft] = useState<TestDraft>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [checked, setChecked] = useState(false);
  // The control to focus once the next render is on screen (after a task moved, was added or removed).
  const focusAfter = useRef<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const setFocusAfter = (id: string) => {
    focusAfter.current = id;
  };

  useEffect(() => {
    if (focusAfter.current) {
      document.getElementById(focusAfter.current)?.focus();
      focusAfter.current = null;
    }
  });

  const update = (next: TestDraft) => {
    setDraft(next);
    if (checked) {
      setErrors(validateDraft(next));
    }
  };
  const set = <K extends keyof TestDraft>(key: K, value: TestDraft[K]) => update({ ...draft, [key]: value });
  const setTask = (key: string, next: TaskDraft) =>
    update({ ...draft, tasks: draft.tasks.map((task) => (task.key === key ? next : task)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setChecked(true);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first === undefined) {
      onSubmit(inputOf(draft));
    } else if (first === 'form' || first === 'tasks') {
      summary.current?.focus();
    } else {
      setFocusAfter(controlIdOf(first));
    }
  };

  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const count = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate className="studio-editor">
      <div ref={summary} tabIndex={-1} className="studio-editor__summary">
        {count > 0 ? (
          <Alert>
            {errors['form'] || errors['tasks']
              ? t(errors['form'] ?? errors['tasks']!)
              : t('editor.errors.summary', { count })}
          </Alert>
        ) : null}
        {failure ? <Alert>{failure}</Alert> : null}
      </div>
      <Card title={t('editor.about')} headingLevel={headingLevel}>
        <div className="console-form">
          <TextField
            id="studio-title"
            label={t('editor.title')}
            required
            value={draft.title}
            maxLength={LIMITS.title}
            onChange={(event) => set('title', event.target.value)}
            error={error('title')}
          />
          <StudioTextarea
            label={t('editor.description')}
            hint={t('editor.descriptionHint')}
            value={draft.description}
            maxLength={LIMITS.description}
            onChange={(value) => set('description', value)}
          />
          <TextField
            id="studio-startingPath"
            label={t('editor.startingPath')}
            hint={t('editor.startingPathHint')}
            value={draft.startingPath}
            maxLength={LIMITS.startingPath}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => set('startingPath', event.target.value)}
            error={error('startingPath')}
          />
          <StudioTextarea
            label={t('editor.guidelines')}
            hint={t('editor.guidelinesHint')}
            value={draft.guidelines}
            maxLength={LIMITS.guidelines}
            rows={5}
            onChange={(value) => set('guidelines', value)}
          />
          <StudioTextarea
            label={t('editor.conclusion')}
            hint={t('editor.conclusionHint')}
            value={draft.conclusion}
            maxLength={LIMITS.conclusion}
            onChange={(value) => set('conclusion', value)}
          />
        </div>
      </Card>
      <Card
        title={t('editor.participantTitle')}
        headingLevel={headingLevel}
        description={t('editor.participantLead')}
      >
        <div className="studio-choices">
          <Checkbox
            label={t('editor.reqMic')}
            checked={draft.reqMic}
            onCheckedChange={(value) => set('reqMic', value === true)}
          />
          <Checkbox
            label={t('editor.reqCamera')}
            checked={draft.reqCamera}
            onCheckedChange={(value) => set('reqCamera', value === true)}
          />
          <Checkbox
            label={t('editor.sus')}
            description={t('editor.susHint')}
            checked={draft.sus}
            onCheckedChange={(value) => set('sus', value === true)}
          />
        </div>
      </Card>
      <Card
        title={t('editor.tasks')}
        headingLevel={headingLevel}
        description={t('editor.tasksLead', { max: UXT_TASKS_MAX })}
      >
        <ol className="studio-tasks">
          {draft.tasks.map((task, index) => (
            <li key={task.key}>
              <StudioTaskFields
                task={task}
                index={index}
                count={draft.tasks.length}
                errors={errors}
                methods={UXT_HTTP_METHODS}
                statusClasses={UXT_STATUS_CLASSES}
                onChange={(next) => setTask(task.key, next)}
                onMove={(offset) => {
                  update({ ...draft, tasks: moveTask(draft.tasks, index, offset) });
                  // Focus stays on the moved task's button, or its other one once it reaches an end (disabled).
                  const target = index + offset;
                  const atEnd = offset === -1 ? target === 0 : target === draft.tasks.length - 1;
                  const control = (offset === -1) !== atEnd ? 'up' : 'down';
                  setFocusAfter(`${task.key}-${control}`);
                }}
                onRemove={() => {
                  const tasks = draft.tasks.filter((other) => other.key !== task.key);
                  update({ ...draft, tasks });
                  const neighbour = tasks[Math.min(index, tasks.length - 1)];
                  setFocusAfter(neighbour ? `${neighbour.key}-title` : 'studio-add-task');
                }}
              />
            </li>
          ))}
        </ol>
        <Cluster gap={3}>
          <Button
            id="studio-add-task"
            type="button"
            variant="secondary"
            disabled={draft.tasks.length >= UXT_TASKS_MAX}
            onClick={() => {
              const task = emptyTask();
              update({ ...draft, tasks: [...draft.tasks, task] });
              setFocusAfter(`${task.key}-title`);
            }}
          >
            {t('editor.addTask')}
          </Button>
        </Cluster>
      </Card>
      <Cluster gap={3} justify="end">
        <Button type="submit" loading={busy} loadingLabel={t('editor.saving')}>
          {submitLabel}
        </Button>
      </Cluster>
    </form>
  );
}
