import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { Alert, Button } from '@tessera/ui';
import { HELP_FEEDBACK_COMMENT_MAX_CHARS, type HelpLanguage } from '@tessera/contracts';
import { ApiError } from '#/lib/api.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { useHydrated } from '#/lib/use-hydrated.ts';
import { useCreateHelpFeedback } from '../api/create-help-feedback.ts';

type Step = 'ask' | 'comment' | 'done';

/**
 * "Was this article helpful?": Yes is sent at once; No asks what to improve (optional) before sending. The
 * service stores one answer per click and limits answers per address.
 */
export function ArticleFeedback({ articleId, language }: { articleId: number; language: HelpLanguage }) {
  const { t } = useTranslation('help');
  const [step, setStep] = useState<Step>('ask');
  const mutation = useCreateHelpFeedback(articleId);
  // On a pre-rendered page the buttons exist before the app does: they work, and look enabled, once hydrated.
  const ready = useHydrated();
  const titleId = useId();
  const send = (helpful: boolean, text?: string) =>
    mutation.mutate(
      { language, helpful, ...(text?.trim() ? { comment: text.trim() } : {}) },
      { onSuccess: () => setStep('done') },
    );
  const error = mutation.error;
  return (
    <section className="app-feedback" aria-labelledby={titleId}>
      <h2 id={titleId} className="app-feedback__title">
        {t('feedback.title')}
      </h2>
      {step === 'done' ? (
        <p role="status" className="app-feedback__thanks">
          {t('feedback.thanks')}
        </p>
      ) : null}
      {step === 'ask' ? (
        <div className="app-feedback__choices">
          <Button
            variant="secondary"
            onClick={() => send(true)}
            loading={mutation.isPending}
            disabled={!ready}
          >
            {t('feedback.yes')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setStep('comment')}
            disabled={!ready || mutation.isPending}
          >
            {t('feedback.no')}
          </Button>
        </div>
      ) : null}
      {step === 'comment' ? (
        <FeedbackCommentForm pending={mutation.isPending} onSend={(comment) => send(false, comment)} />
      ) : null}
      {error && step !== 'done' ? (
        <Alert>
          {error instanceof ApiError && error.code === 'RATE_LIMITED'
            ? t('feedback.rateLimited')
            : t('feedback.error')}
        </Alert>
      ) : null}
    </section>
  );
}

/** After No: what to improve (optional); Skip sends the answer without it. */
function FeedbackCommentForm({ pending, onSend }: { pending: boolean; onSend: (comment?: string) => void }) {
  const { t } = useTranslation('help');
  const form = useForm<{ comment: string }>({ defaultValues: { comment: '' }, ...SUBMIT_VALIDATION });
  const commentId = useId();
  const hintId = useId();
  const submitComment = form.handleSubmit(({ comment }) => onSend(comment));
  return (
    <form className="app-feedback__form" onSubmit={(event) => void submitComment(event)}>
      <label htmlFor={commentId} className="app-feedback__label">
        {t('feedback.commentLabel')}
      </label>
      <textarea
        id={commentId}
        className="app-textarea"
        rows={4}
        maxLength={HELP_FEEDBACK_COMMENT_MAX_CHARS}
        aria-describedby={hintId}
        {...form.register('comment')}
      />
      <p id={hintId} className="app-muted app-feedback__hint">
        {t('feedback.commentHint', { max: HELP_FEEDBACK_COMMENT_MAX_CHARS })}
      </p>
      <div className="app-feedback__choices">
        <Button type="submit" variant="primary" loading={pending}>
          {t('feedback.send')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onSend()} disabled={pending}>
          {t('feedback.skip')}
        </Button>
      </div>
    </form>
  );
}
