import { Button, Checkbox, Cluster, Select, TextField } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';
import {
  type DraftErrors,
  type HttpMethod,
  LIMITS,
  type StatusClass,
  type SuccessKind,
  type TaskDraft,
} from './studio-form.ts';
import { StudioTextarea } from './studio-textarea.tsx';

/** One task of the editor: its texts, typed answer, success condition, and its place in the list. */
export function StudioTaskFields({
  task,
  index,
  count,
  errors,
  methods,
  statusClasses,
  onChange,
  onMove,
  onRemove,
}: {
  task: TaskDraft;
  index: number;
  count: number;
  errors: DraftErrors;
  methods: readonly HttpMethod[];
  statusClasses: readonly StatusClass[];
  onChange: (next: TaskDraft) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('studio');
  const number = index + 1;
  const set = <K extends keyof TaskDraft>(key: K, value: TaskDraft[K]) => onChange({ ...task, [key]: value });
  const error = (field: string) => {
    const key = errors[`task.${task.key}.${field}`];
    return key ? t(key) : undefined;
  };
  return (
    <fieldset className="studio-task">
      <legend className="studio-task__legend">{t('editor.taskNumber', { number })}</legend>
      <div className="console-form">
        <TextField
          id={`${task.key}-title`}
          label={t('editor.taskTitle')}
          required
          value={task.title}
          maxLength={LIMITS.taskTitle}
          onChange={(event) => set('title', event.target.value)}
          error={error('title')}
        />
        <StudioTextarea
          label={t('editor.taskDescription')}
          hint={t('editor.taskDescriptionHint')}
          value={task.description}
          maxLength={LIMITS.taskDescription}
          onChange={(value) => set('description', value)}
        />
        <Checkbox
          label={t('editor.allowTyping')}
          description={t('editor.allowTypingHint')}
          checked={task.allowTyping}
          onCheckedChange={(value) => set('allowTyping', value === true)}
        />
        <Select
          label={t('editor.success')}
          hint={t('editor.successHint')}
          value={task.successKind}
          onValueChange={(value) => set('successKind', value as SuccessKind)}
          options={[
            { value: 'none', label: t('editor.successNone') },
            { value: 'request', label: t('editor.successRequest') },
            { value: 'page', label: t('editor.successPage') },
          ]}
        />
        {task.successKind === 'request' ? (
          <div className="console-form console-form--inline">
            <Select
              label={t('editor.method')}
              value={task.method}
              onValueChange={(value) => set('method', value as HttpMethod)}
              options={methods.map((method) => ({ value: method, label: method }))}
            />
            <TextField
              id={`${task.key}-path`}
              label={t('editor.requestPath')}
              hint={t('editor.pathHint')}
              value={task.requestPath}
              maxLength={LIMITS.path}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(event) => set('requestPath', event.target.value)}
              error={error('path')}
            />
            <Select
              label={t('editor.statusClass')}
              value={task.statusClass}
              onValueChange={(value) => set('statusClass', value as StatusClass)}
              options={statusClasses.map((status) => ({ value: status, label: status }))}
            />
          </div>
        ) : null}
        {task.successKind === 'page' ? (
          <TextField
            id={`${task.key}-path`}
            label={t('editor.pagePath')}
            hint={t('editor.pathHint')}
            value={task.pagePath}
            maxLength={LIMITS.path}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => set('pagePath', event.target.value)}
            error={error('path')}
          />
        ) : null}
        <Cluster gap={2} wrap>
          <Button
            id={`${task.key}-up`}
            type="button"
            variant="ghost"
            size="sm"
            disabled={index === 0}
            aria-label={t('editor.moveUpOf', { number })}
            onClick={() => onMove(-1)}
          >
            {t('editor.moveUp')}
          </Button>
          <Button
            id={`${task.key}-down`}
            type="button"
            variant="ghost"
            size="sm"
            disabled={index === count - 1}
            aria-label={t('editor.moveDownOf', { number })}
            onClick={() => onMove(1)}
          >
            {t('editor.moveDown')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={count === 1}
            aria-label={t('editor.removeOf', { number })}
            onClick={onRemove}
          >
            {t('editor.remove')}
          </Button>
        </Cluster>
      </div>
    </fieldset>
  );
}
