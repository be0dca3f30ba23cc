import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Alert, Badge, Button, Card, PageHeader, Skeleton } from '@tessera/ui';
import { useMemo } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { dateTimeFormat } from '../support/support-api.ts';
import { Facts, ReferenceForm } from '../support/support-parts.tsx';
import { sessionQueryOptions } from './replay-api.ts';
import { clock, usableEvents } from './replay-events.ts';
import { replayErrorKey } from './replay-parts.tsx';
import { ReplayPlayer } from './replay-player.tsx';
import './replay.css';

/** The case reference a usability test's results give the replays of its participants (studio-participants.tsx). */
const USABILITY_TEST_REFERENCE = /^uxt:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * One recorded session, for support agents and admins: the case or ticket reference first (the ingest records the
 * replay read with it), then who, when, on what, and the player.
 */
export function SessionPlayerPage({
  sessionId,
  reference,
  onReference,
}: {
  sessionId: string;
  reference: string | undefined;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('replay');
  // A replay opened from a usability test's results (reference `uxt:<test id>`) leads back to those results: a UX
  // researcher may not open the list of all sessions.
  const testId = USABILITY_TEST_REFERENCE.exec(reference ?? '')?.[1];
  const back = (
    <Button asChild variant="ghost" size="sm">
      {testId ? (
        <Link to="/studio/$testId/results" params={{ testId }}>
          {t('player.backToResults')}
        </Link>
      ) : (
        <Link to="/sessions" search={reference ? { ref: reference } : {}}>
          {t('player.back')}
        </Link>
      )}
    </Button>
  );
  if (!reference) {
    return (
      <>
        <PageHeader title={t('player.title')} back={back} />
        <ReferenceForm
          onSubmit={onReference}
          title={t('player.referenceTitle')}
          submitLabel={t('player.referenceSubmit')}
        />
      </>
    );
  }
  return <SessionRead sessionId={sessionId} reference={reference} back={back} />;
}

function SessionRead({
  sessionId,
  reference,
  back,
}: {
  sessionId: string;
  reference: string;
  back: React.ReactNode;
}) {
  const { t } = useTranslation('replay');
  const { api } = useRouteContext({ from: '/_staff' });
  const read = useQuery(sessionQueryOptions(api, sessionId, reference));
  const events = useMemo(() => usableEvents(read.data?.events ?? []), [read.data]);
  const date = dateTimeFormat(currentLanguage());
  if (read.isError) {
    return (
      <>
        <PageHeader title={t('player.title')} back={back} />
        <Alert>{t(replayErrorKey(read.error))}</Alert>
      </>
    );
  }
  if (!read.data) {
    return (
      <>
        <PageHeader title={t('player.title')} back={back} />
        <Skeleton shape="block" height="20rem" />
        <p className="console-sr-only" role="status">
          {t('console:loading')}
        </p>
      </>
    );
  }
  const { detail } = read.data;
  const who = detail.customerEmail ?? detail.customerId ?? t('list.anonymous');
  const started = date.format(new Date(detail.startedAt));
  return (
    <>
      <PageHeader
        className="replay-header"
        title={t('player.titleOf', { who })}
        description={t('player.lead', { reference })}
        back={back}
      />
      <Card title={t('player.about')} headingLevel={2}>
        <Facts
          facts={[
            [t('list.customer'), detail.customerId ? who : t('list.anonymous')],
            [t('list.start'), started],
            [t('list.duration'), clock(detail.durationMs)],
            [t('list.pages'), detail.pages],
            [
              t('list.errors'),
              detail.errors > 0 ? (
                <Badge tone="danger" size="sm">
                  {t('list.errorCount', { count: detail.errors })}
                </Badge>
              ) : (
                t('list.noErrors')
              ),
            ],
            [t('list.device'), [detail.device, detail.browser, detail.os].filter(Boolean).join(' · ')],
            [t('player.screen'), `${detail.width}×${detail.height}`],
            [t('player.tracker'), detail.trackerVersion],
          ]}
        />
        {detail.quarantinedBatches > 0 ? (
          <Alert tone="warning">{t('player.quarantined', { count: detail.quarantinedBatches })}</Alert>
        ) : null}
        <p className="support-muted">{t('player.masked')}</p>
      </Card>
      <Card title={t('player.replay')} headingLevel={2}>
        <ReplayPlayer events={events} label={t('player.frameTitle', { who, when: started })} />
      </Card>
    </>
  );
}
