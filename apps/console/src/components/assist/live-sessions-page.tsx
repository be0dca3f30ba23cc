import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { AssistLiveSession } from '@tessera/contracts';
import { Alert, Badge, Button, Card, PageHeader, Table, TableScroll } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { dateTimeFormat } from '../support/support-api.ts';
import { pathOf } from '../replay/replay-events.ts';
import { ReferenceForm } from '../support/support-parts.tsx';
import { assistErrorKey, liveSessionsQueryOptions } from './assist-api.ts';
import { HelpRequestBadge } from './help-request-card.tsx';
import './assist.css';

/**
 * Live sessions (issue #18), for support agents and admins: the case or ticket reference first (the list and every
 * join are recorded with it), then the customers whose tab is connected now, with their device, their tabs and the
 * agents already with them. Refresh reads the list again.
 */
export function LiveSessionsPage({
  reference,
  onReference,
}: {
  reference: string | undefined;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('assist');
  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.lead')} />
      {reference ? (
        <LiveSessionsList reference={reference} />
      ) : (
        <ReferenceForm
          onSubmit={onReference}
          title={t('reference.title')}
          submitLabel={t('reference.submit')}
        />
      )}
    </>
  );
}

/**
 * The pages the session's tabs show, when the server says (a tab's `href`, from its last page event): the contract's
 * AssistTabInfo may carry it; without it, the column shows the tabs only.
 */
function pagesOf(row: AssistLiveSession): string[] {
  const pages = row.tabs
    .map((tab) => (tab as { href?: unknown }).href)
    .filter((href): href is string => typeof href === 'string' && href !== '')
    .map(pathOf);
  return [...new Set(pages)];
}

function LiveSessionsList({ reference }: { reference: string }) {
  const { t } = useTranslation('assist');
  const { api } = useRouteContext({ from: '/_staff' });
  const live = useQuery(liveSessionsQueryOptions(api, reference));
  const date = dateTimeFormat(currentLanguage());
  const time = new Intl.DateTimeFormat(currentLanguage(), { timeStyle: 'medium' });
  const who = (row: AssistLiveSession) => row.customerId ?? t('list.anonymous');
  return (
    <Card padding="none">
      <div className="assist-toolbar">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void live.refetch()}
          aria-busy={live.isFetching}
          disabled={live.isFetching}
        >
          {t('list.refresh')}
        </Button>
        <span className="support-muted">
          {live.isFetching
            ? t('console:loading')
            : live.dataUpdatedAt > 0
              ? t('list.updated', { time: time.format(new Date(live.dataUpdatedAt)) })
              : ''}
        </span>
      </div>
      {live.isError ? <Alert>{t(assistErrorKey(live.error))}</Alert> : null}
      {live.isError ? null : (
        <TableScroll label={t('list.results')}>
          <Table<AssistLiveSession>
            caption={t('list.results')}
            rows={live.data?.sessions ?? []}
            getRowKey={(row) => row.sessionId}
            empty={live.isPending ? t('console:loading') : t('list.empty')}
            density="compact"
            columns={[
              {
                key: 'customer',
                header: t('list.customer'),
                rowHeader: true,
                cell: (row) => (
                  <span className="support-stack">
                    <span className="support-code">{who(row)}</span>
                    <span className="support-muted">
                      {t('list.since', { time: date.format(new Date(row.startedAt)) })}
                    </span>
                    {row.helpRequest ? <HelpRequestBadge request={row.helpRequest} /> : null}
                  </span>
                ),
              },
              {
                key: 'page',
                header: t('list.page'),
                cell: (row) => (
                  <span className="support-stack">
                    {pagesOf(row).map((page) => (
                      <span key={page} className="support-code">
                        {page}
                      </span>
                    ))}
                    <span>{t('list.tabs', { count: row.tabs.length })}</span>
                    {row.tabs.some((tab) => !tab.visible) ? (
                      <span className="support-muted">{t('list.hidden')}</span>
                    ) : null}
                  </span>
                ),
              },
              {
                key: 'device',
                header: t('list.device'),
                cell: (row) => [row.device, row.browser, row.os].filter(Boolean).join(' · '),
              },
              {
                key: 'agents',
                header: t('list.agents'),
                cell: (row) =>
                  row.agents.length > 0 ? (
                    <span className="assist-badges">
                      {row.agents.map((agent) => (
                        <Badge key={agent.agentId} size="sm" tone="info">
                          {agent.name || agent.agentId}
                        </Badge>
                      ))}
                    </span>
                  ) : (
                    <span className="support-muted">{t('list.noAgent')}</span>
                  ),
              },
              {
                key: 'join',
                header: t('list.joinShort'),
                cell: (row) => (
                  <Button asChild size="sm">
                    <Link
                      to="/assist/$sessionId"
                      params={{ sessionId: row.sessionId }}
                      search={{ ref: reference }}
                      aria-label={t('list.join', { who: who(row) })}
                    >
                      {t('list.joinShort')}
                    </Link>
                  </Button>
                ),
              },
            ]}
          />
        </TableScroll>
      )}
    </Card>
  );
}
