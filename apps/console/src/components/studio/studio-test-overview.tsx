import type { StaffUxtTask, StaffUxtTest } from '@tessera/contracts';
import { Card } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';

/** How a task's success is measured, in words. */
export function SuccessText({ task }: { task: StaffUxtTask }) {
  const { t } = useTranslation('studio');
  if (task.success?.kind === 'request') {
    return (
      <>
        {t('overview.successRequest', { status: task.success.status })}{' '}
        <code>
          {task.success.method} {task.success.path}
        </code>
      </>
    );
  }
  if (task.success?.kind === 'page') {
    return (
      <>
        {t('overview.successPage')} <code>{task.success.path}</code>
      </>
    );
  }
  return <>{t('overview.successNone')}</>;
}

/** A published, paused or ended test as participants get it (only a draft can be edited). */
export function TestOverview({ test }: { test: StaffUxtTest }) {
  const { t } = useTranslation('studio');
  const yes = (value: boolean) => (value ? t('overview.yes') : t('overview.no'));
  return (
    <Card title={t('overview.title')} headingLevel={2} description={t('overview.lead')}>
      <dl className="studio-facts">
        <dt>{t('editor.startingPath')}</dt>
        <dd>
          <code>{test.startingPath}</code>
        </dd>
        <dt>{t('editor.guidelines')}</dt>
        <dd className="studio-prose">{test.guidelines || t('overview.none')}</dd>
        <dt>{t('editor.conclusion')}</dt>
        <dd className="studio-prose">{test.conclusion || t('overview.defaultConclusion')}</dd>
        <dt>{t('editor.reqMic')}</dt>
        <dd>{yes(test.reqMic)}</dd>
        <dt>{t('editor.reqCamera')}</dt>
        <dd>{yes(test.reqCamera)}</dd>
        <dt>{t('editor.sus')}</dt>
        <dd>{yes(test.sus)}</dd>
      </dl>
      <h3 className="studio-subtitle">{t('editor.tasks')}</h3>
      <ol className="studio-task-list">
        {test.tasks.map((task) => (
          <li key={task.task_id}>
            <strong>{task.title}</strong>
            {task.description ? <p className="studio-prose">{task.description}</p> : null}
            <p className="studio-muted">
              {task.allow_typing ? t('overview.typing') : t('overview.noTyping')} ·{' '}
              <SuccessText task={task} />
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
