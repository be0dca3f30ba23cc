import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { KycCaseDetail, KycDecision } from '@tessera/contracts';
import { Alert, Banner, Button, Card, Cluster, Dialog, DialogClose, useToast } from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { claimKycCase, decideKycCase } from './kyc-api.ts';
import { currentApprovals, errorKeys } from './kyc-format.ts';

const REASON_MAX = 500;
const OPEN_STATUSES = ['submitted', 'under_review'];

function ReasonDialog({
  detail,
  decision,
  reference,
  onClose,
}: {
  detail: KycCaseDetail;
  decision: KycDecision;
  reference: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('kyc');
  const { api } = useRouteContext({ from: '/_staff' });
  const queryClient = useQueryClient();
  const toast = useToast();
  const ids = { reason: useId(), hint: useId(), error: useId() };
  const [invalid, setInvalid] = useState<string | null>(null);
  const required = decision !== 'approve';
  const firstOfTwo = decision === 'approve' && detail.approvalsNeeded > 1;
  const mutation = useMutation({
    mutationFn: (reason: string) =>
      decideKycCase(api, detail.id, reference, { decision, ...(reason ? { reason } : {}) }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(['kyc', 'case', detail.id, reference], updated);
      await queryClient.invalidateQueries({ queryKey: ['kyc', 'queue'] });
      const done = decision === 'approve' && updated.approvalsNeeded > 0 ? 'approveFirst' : decision;
      toast.show({ title: t(`decide.done_${done}`), tone: 'success' });
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (required && reason === '') {
      setInvalid(t('decide.reasonRequired'));
      return;
    }
    if (reason.length > REASON_MAX) {
      setInvalid(t('decide.reasonTooLong'));
      return;
    }
    setInvalid(null);
    mutation.mutate(reason);
  };
  const lead =
    decision === 'approve'
      ? firstOfTwo
        ? t('decide.approveFirstLead')
        : t('decide.approveLead', { level: detail.application.targetLevel })
      : t(`decide.${decision}Lead`);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`decide.${decision}Title`)}
      description={lead}
      closeLabel={t('decide.cancel')}
    >
      <form onSubmit={submit} noValidate className="kyc-decision-form">
        <div className="ts-field">
          <label htmlFor={ids.reason} className="ts-field__label">
            {t('decide.reason')}
          </label>
          <textarea
            id={ids.reason}
            name="reason"
            rows={4}
            maxLength={REASON_MAX}
            required={required}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${ids.error} ${ids.hint}` : ids.hint}
            className="kyc-textarea"
          />
          <p id={ids.hint} className="ts-field__hint">
            {required ? t('decide.reasonRequiredHint') : t('decide.reasonOptionalHint')}
          </p>
          {invalid ? (
            <p id={ids.error} className="ts-field__error">
              {invalid}
            </p>
          ) : null}
        </div>
        {mutation.isError ? <Alert>{t(errorKeys(mutation.error))}</Alert> : null}
        <Cluster gap={3} justify="end">
          <DialogClose asChild>
            <Button variant="secondary" type="button">
              {t('decide.cancel')}
            </Button>
          </DialogClose>
          <Button
            type="submit"
            variant={decision === 'reject' ? 'danger' : 'primary'}
            loading={mutation.isPending}
            loadingLabel={t('decide.busy')}
          >
            {t(`decide.confirm_${decision}`)}
          </Button>
        </Cluster>
      </form>
    </Dialog>
  );
}

/**
 * The reviewer's actions: start the review (claim), then approve, reject or ask for more information, each
 * confirmed in a dialog with a reason (required for reject and request_info). Level 3 shows who gave the first
 * approval and keeps that reviewer from giving the second (the server refuses it too).
 */
export function KycDecisionPanel({ detail, reference }: { detail: KycCaseDetail; reference: string }) {
  const { t } = useTranslation('kyc');
  const { api, session } = useRouteContext({ from: '/_staff' });
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<KycDecision | null>(null);
  const claim = useMutation({
    mutationFn: () => claimKycCase(api, detail.id, reference),
    onSuccess: async (updated) => {
      queryClient.setQueryData(['kyc', 'case', detail.id, reference], updated);
      await queryClient.invalidateQueries({ queryKey: ['kyc', 'queue'] });
    },
  });
  const status = detail.application.status;
  if (!OPEN_STATUSES.includes(status)) {
    return (
      <Card title={t('decide.title')} headingLevel={2}>
        <p>{t('case.closed', { status: t(`status.${status}`) })}</p>
      </Card>
    );
  }
  const first = detail.application.targetLevel === 3 ? currentApprovals(detail)[0] : undefined;
  const selfApproved = first !== undefined && first.reviewerId === session.userId;
  return (
    <Card title={t('decide.title')} description={t('decide.lead')} headingLevel={2}>
      {first ? (
        <Banner tone="info" title={t('fourEyes.waiting', { reviewer: first.reviewer })}>
          {selfApproved ? t('fourEyes.self') : null}
        </Banner>
      ) : null}
      {claim.isError ? <Alert>{t(errorKeys(claim.error))}</Alert> : null}
      <Cluster gap={3} className="kyc-actions">
        {status === 'submitted' ? (
          <Button variant="secondary" loading={claim.isPending} onClick={() => claim.mutate()}>
            {t('case.claim')}
          </Button>
        ) : null}
        <Button disabled={selfApproved} onClick={() => setDecision('approve')}>
          {t('decision.approve')}
        </Button>
        <Button variant="secondary" onClick={() => setDecision('request_info')}>
          {t('decision.request_info')}
        </Button>
        <Button variant="danger" onClick={() => setDecision('reject')}>
          {t('decision.reject')}
        </Button>
      </Cluster>
      {decision ? (
        <ReasonDialog
          detail={detail}
          decision={decision}
          reference={reference}
          onClose={() => setDecision(null)}
        />
      ) : null}
    </Card>
  );
}
