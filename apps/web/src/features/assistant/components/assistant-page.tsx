import { Link } from '@tanstack/react-router';
import type { AssistantAnswer } from '@tessera/contracts';
import { Alert, Banner, Button, PageHeader, TextField } from '@tessera/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { ApiError } from '#/lib/api.ts';
import { codeMessage, errorCodeOf } from '#/lib/error-message.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useSendAssistantMessage } from '../api/send-assistant-message.ts';
import { retryHint } from '../lib/retry-hint.ts';
import './assistant.css';

/** What the customer may type (the service's ASSISTANT_MESSAGE_MAX_CHARS). */
const MESSAGE_MAX_CHARS = 500;

type Entry =
  | { readonly id: number; readonly role: 'customer'; readonly text: string }
  | { readonly id: number; readonly role: 'assistant'; readonly answer: AssistantAnswer };

/**
 * /assistant/ (PRODUCT.md "Help centre and assistant"): a conversation with the assistant, which answers from the
 * help centre and the customer's own account (read only), shows where each answer comes from (the articles it
 * cites, the account fields it read), links into the app, and passes the customer on to a person on request.
 */
export function AssistantPage() {
  const { t } = useTranslation(['assistant', 'common']);
  const send = useSendAssistantMessage();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [conversationId, setConversationId] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nextId = useRef(1);
  const logEnd = useRef<HTMLDivElement>(null);

  useEffect(() => {
    logEnd.current?.scrollIntoView?.({ block: 'nearest' });
  }, [entries.length]);

  const ask = (text: string) => {
    const question = text.trim();
    if (question === '' || send.isPending) {
      return;
    }
    setError(null);
    setEntries((current) => [...current, { id: nextId.current++, role: 'customer', text: question }]);
    setDraft('');
    send.mutate(
      { text: question, language: currentLanguage(), ...(conversationId ? { conversationId } : {}) },
      {
        onSuccess: (answer) => {
          setConversationId(answer.conversationId);
          setEntries((current) => [...current, { id: nextId.current++, role: 'assistant', answer }]);
        },
        onError: (failure) => {
          // A conversation that is full or gone (retention) is left: the next message starts a new one.
          if (failure instanceof ApiError && failure.code.startsWith('ASSISTANT_CONVERSATION_')) {
            setConversationId(undefined);
          }
          // Over the message limit, the refusal also says when the customer can ask again.
          const message = codeMessage(t, errorCodeOf(failure));
          const retry = retryHint(t, failure, currentLanguage());
          setError(retry ? `${message} ${retry}` : message);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };

  const last = [...entries].reverse().find((entry) => entry.role === 'assistant');
  const suggestions =
    last?.role === 'assistant'
      ? last.answer.suggestions
      : [
          t('assistant:start.balances'),
          t('assistant:start.activity'),
          t('assistant:start.howTo'),
          t('assistant:start.handover'),
        ];

  return (
    <main id="main" className="app-standalone assistant-page">
      <PageHeader title={t('assistant:title')} description={t('assistant:lead')} />
      <section className="assistant-panel" aria-labelledby="assistant-conversation">
        <h2 id="assistant-conversation" className="assistant-visually-hidden">
          {t('assistant:conversation')}
        </h2>
        <div className="assistant-log" role="log" aria-live="polite" aria-labelledby="assistant-conversation">
          <p className="assistant-bubble assistant-bubble--assistant">{t('assistant:welcome')}</p>
          {entries.map((entry) =>
            entry.role === 'customer' ? (
              <p key={entry.id} className="assistant-bubble assistant-bubble--customer">
                <span className="assistant-visually-hidden">{t('assistant:you')} </span>
                {entry.text}
              </p>
            ) : (
              <AnswerView key={entry.id} answer={entry.answer} />
            ),
          )}
          {send.isPending ? (
            <p className="assistant-muted" role="status">
              {t('assistant:thinking')}
            </p>
          ) : null}
          <div ref={logEnd} />
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <div className="assistant-suggestions" role="group" aria-label={t('assistant:suggestions')}>
          {suggestions.map((suggestion) => (
            <Button
              key={suggestion}
              type="button"
              size="sm"
              variant="secondary"
              disabled={send.isPending}
              onClick={() => ask(suggestion)}
            >
              {suggestion}
            </Button>
          ))}
        </div>
        <form className="assistant-form" onSubmit={onSubmit}>
          <TextField
            className="assistant-form__field"
            label={t('assistant:input.label')}
            aria-describedby="assistant-input-hint"
            value={draft}
            maxLength={MESSAGE_MAX_CHARS}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" loading={send.isPending} disabled={draft.trim() === ''}>
            {t('assistant:send')}
          </Button>
          {/* Under the row, so the button lines up with the field rather than with the hint. */}
          <p id="assistant-input-hint" className="ts-field__hint assistant-form__hint">
            {t('assistant:input.hint')}
          </p>
        </form>
      </section>
      <Button asChild variant="ghost">
        <Link to="/dashboard/home/">{t('common:actions.dashboard')}</Link>
      </Button>
    </main>
  );
}

/** One answer: its text, what was passed on to an agent, the facts it read, its sources and its links. */
function AnswerView({ answer }: { answer: AssistantAnswer }) {
  const { t } = useTranslation('assistant');
  return (
    <article className="assistant-bubble assistant-bubble--assistant" aria-label={t('answer')}>
      <p className="assistant-answer__text">{answer.text}</p>
      {answer.handover ? <HandoverView handover={answer.handover} /> : null}
      {answer.facts.length > 0 ? (
        <div>
          <h3 className="assistant-answer__heading">{t('facts')}</h3>
          <dl className="assistant-facts">
            {answer.facts.map((fact) => (
              <div key={`${fact.label}-${fact.source}`} className="assistant-fact">
                <dt>{fact.label}</dt>
                <dd>
                  {fact.asset ? <MoneyAmount amount={fact.value} asset={fact.asset} /> : fact.value}
                  <span className="assistant-muted assistant-fact__source">
                    {t('readFrom', { source: fact.source })}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {answer.citations.length > 0 ? (
        <div>
          <h3 className="assistant-answer__heading">{t('sources')}</h3>
          <ul className="assistant-links">
            {answer.citations.map((citation) => (
              <li key={citation.articleId}>
                <a href={citation.link}>{citation.title}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer.links.length > 0 ? (
        <ul className="assistant-links assistant-links--actions" aria-label={t('links')}>
          {answer.links.map((link) => (
            <li key={link.path}>
              <a href={link.path}>{link.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** A request for a person: that an agent will join, and exactly what they were given. */
function HandoverView({ handover }: { handover: NonNullable<AssistantAnswer['handover']> }) {
  const { t } = useTranslation('assistant');
  if (handover.status === 'unavailable' || !handover.passedOn) {
    return null;
  }
  const { intent, transcript } = handover.passedOn;
  return (
    <>
      <Banner tone="success" politeness="none" title={t('handover.title')}>
        {t('handover.text')}
      </Banner>
      <details className="assistant-passed-on" open>
        <summary>{t('handover.passedOn')}</summary>
        <p>{t('handover.intent', { intent: intent ? t(`intents.${intent}`) : t('handover.noIntent') })}</p>
        <ol className="assistant-transcript">
          {transcript.map((line, index) => (
            <li key={`${line.at}-${index}`}>
              <strong>{line.role === 'customer' ? t('you') : t('assistantName')}:</strong> {line.text}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}
