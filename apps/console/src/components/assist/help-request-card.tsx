import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { AssistLiveHelpRequest } from '@tessera/contracts';
import { Badge, Card } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { liveSessionsQueryOptions } from './assist-api.ts';

/** The topic of a help request in the console's words (the assistant's intent). */
export function helpTopic(t: (key: string) => string, request: AssistLiveHelpRequest): string {
  return request.intent ? t(`help.intents.${request.intent}`) : t('help.noIntent');
}

/** "Asked for help" on a row of the live list, with the topic. */
export function HelpRequestBadge({ request }: { request: AssistLiveHelpRequest }) {
  const { t } = useTranslation('assist');
  return (
    <span className="support-stack">
      <Badge size="sm" tone="warning">
        {t('help.badge')}
      </Badge>
      <span className="support-muted">{t('help.topic', { topic: helpTopic(t, request) })}</span>
    </span>
  );
}

/**
 * What the customer's assistant passed on when they asked for a person: the topic and the conversation, so the
 * agent never asks again what the customer already said (the customer saw the same on their page).
 */
export function HelpRequestCard({ sessionId, reference }: { sessionId: string; reference: string }) {
  const { t } = useTranslation('assist');
  const { api } = useRouteContext({ from: '/_staff' });
  const live = useQuery(liveSessionsQueryOptions(api, reference));
  const request = live.data?.sessions.find((session) => session.sessionId === sessionId)?.helpRequest;
  if (!request) {
    return null;
  }
  const time = new Intl.DateTimeFormat(currentLanguage(), { timeStyle: 'short' });
  return (
    <Card title={t('help.title')} headingLevel={2} padding="sm">
      <p className="assist-state">{t('help.asked', { time: time.format(new Date(request.requestedAt)) })}</p>
      <p>{t('help.topic', { topic: helpTopic(t, request) })}</p>
      <ol className="assist-transcript" aria-label={t('help.transcript')}>
        {request.transcript.map((line, index) => (
          <li key={`${line.at}-${index}`}>
            <strong>{line.role === 'customer' ? t('help.customer') : t('help.assistant')}:</strong>{' '}
            {line.text}
          </li>
        ))}
      </ol>
    </Card>
  );
}
