import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { StaffUxtTest } from '@tessera/contracts';
import { Alert, Button, Card, Cluster, Dialog, DialogClose, TextField, useToast } from '@tessera/ui';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  changeStatus,
  resultsQueryOptions,
  type StatusAction,
  testQueryOptions,
  testsQueryOptions,
} from './studio-api.ts';
import { shareLink, studioErrorKey } from './studio-format.ts';
import { TestStatusBadge } from './studio-parts.tsx';

/** The actions each state offers (the ingest's transitions: draft or paused -> published -> paused -> ended). */
function actionsOf(test: StaffUxtTest): StatusAction[] {
  switch (test.status) {
    case 'draft':
      return ['publish'];
    case 'published':
      return ['pause', 'end'];
    case 'paused':
      return ['publish', 'end'];
    case 'ended':
      return [];
  }
}

/**
 * The test's state and what changes it (publish, pause, end; ending asks first, as it cannot be undone), the link
 * participants open with its copy button, and a way to try the test in the web app as a participant would.
 */
export function StudioSharing({ test }: { test: StaffUxtTest }) {
  const { t } = useTranslation('studio');
  const { api } = useRouteContext({ from: '/_staff' });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const change = useMutation({
    mutationFn: (action: StatusAction) => changeStatus(api, test.id, action),
    onSuccess: async (saved, action) => {
      setConfirmEnd(false);
      queryClient.setQueryData(testQueryOptions(api, test.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: testsQueryOptions(api).queryKey });
      await queryClient.invalidateQueries({ queryKey: resultsQueryOptions(api, test.id).queryKey });
      toast.show({ tone: 'success', title: t(`sharing.done.${action}`) });
    },
  });
  const link = shareLink(test.participantPath, window.location.origin);
  const actionLabel = (action: StatusAction) =>
    action === 'publish' && test.status === 'paused' ? t('sharing.resume') : t(`sharing.${action}`);
  return (
    <Card title={t('sharing.title')} headingLevel={2}>
      <div className="studio-sharing">
        <p className="studio-state">
          <span>{t('sharing.state')}</span> <TestStatusBadge status={test.status} />
        </p>
        <p className="studio-muted">{t(`sharing.stateLead.${test.status}`)}</p>
        {change.isError ? <Alert>{t(studioErrorKey(change.error))}</Alert> : null}
        {actionsOf(test).length > 0 ? (
          <Cluster gap={3} wrap>
            {actionsOf(test).map((action) => (
              <Button
                key={action}
                variant={action === 'publish' ? 'primary' : action === 'end' ? 'danger' : 'secondary'}
                loading={change.isPending && change.variables === action}
                loadingLabel={t('sharing.busy')}
                disabled={change.isPending}
                onClick={() => (action === 'end' ? setConfirmEnd(true) : change.mutate(action))}
              >
                {actionLabel(action)}
              </Button>
            ))}
          </Cluster>
        ) : null}
        <ShareLink link={link} published={test.status === 'published'} />
      </div>
      <Dialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={t('sharing.endTitle')}
        description={t('sharing.endLead')}
        closeLabel={t('sharing.cancel')}
        size="sm"
      >
        <Cluster gap={3} justify="end">
          <DialogClose asChild>
            <Button variant="secondary">{t('sharing.cancel')}</Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={change.isPending}
            loadingLabel={t('sharing.busy')}
            onClick={() => change.mutate('end')}
          >
            {t('sharing.endConfirm')}
          </Button>
        </Cluster>
      </Dialog>
    </Card>
  );
}

/**
 * The participant link, its copy button and the way to try it. There is no separate preview mode: a test is shown
 * only while published, and a run through the link is a participant in the results; the page says so.
 */
function ShareLink({ link, published }: { link: string; published: boolean }) {
  const { t } = useTranslation('studio');
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.show({ tone: 'success', title: t('sharing.copied') });
    } catch {
      // No clipboard (an insecure origin, or refused): select the link so the keyboard's copy works.
      field.current?.select();
      field.current?.focus();
      toast.show({ tone: 'warning', title: t('sharing.copyFailed') });
    }
  };
  return (
    <div className="studio-share">
      <div className="studio-share__row">
        <TextField
          ref={field}
          label={t('sharing.link')}
          hint={published ? t('sharing.linkHint') : t('sharing.linkNotPublished')}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('sharing.copy')}
        </Button>
      </div>
      {published ? (
        <p className="studio-preview">
          <a href={link} target="_blank" rel="noopener noreferrer">
            {t('sharing.preview')}
          </a>{' '}
          <span className="studio-muted">{t('sharing.previewNote')}</span>
        </p>
      ) : null}
    </div>
  );
}
