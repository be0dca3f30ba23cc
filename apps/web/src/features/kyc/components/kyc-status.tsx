/**
 * The identity-verification step of /dashboard/KYC/: where the customer's application stands and what to do next,
 * for every status of PRODUCT.md (not started, in progress, submitted, under review, approved, rejected with the
 * reason, more information requested with the reviewer's message). It follows the server: a `kyc.updated` event
 * refetches the application and the profile (use-kyc-live-updates.ts), so a decision shows without a reload.
 */
import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import type { KycApplicationResponse, KycLevel } from '@tessera/contracts';
import { Badge, Banner, Button, Skeleton } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { AllowanceList, useLevelLabel } from '#/shared/onboarding/allowance-list.tsx';
import { kycApplicationQueryOptions, useSaveKycApplication } from '../api/kyc-application.ts';
import { resumeStep } from '../lib/flow.ts';
import './kyc.css';

/** The badge tone of each status (its name is always written too). */
const STATUS_TONES = {
  not_started: 'neutral',
  in_progress: 'info',
  submitted: 'info',
  under_review: 'info',
  approved: 'success',
  rejected: 'danger',
  more_info_requested: 'warning',
} as const;

/** The status in words, as a badge. */
export function KycStatusBadge({ status }: { status: KycApplicationResponse['status'] }) {
  const { t } = useTranslation('kyc');
  return <Badge tone={STATUS_TONES[status]}>{t(`status.${status}.name`)}</Badge>;
}

/** Starts (or starts again) an application towards the level after `level`, then opens its first step to do. */
function useStart(level: KycLevel) {
  const save = useSaveKycApplication();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => save({ targetLevel: level >= 2 ? 3 : 2 }),
    onSuccess: (application) =>
      void navigate({ to: '/dashboard/KYC/', search: { step: resumeStep(application) } }),
  });
}

function StartButton({ level, label }: { level: KycLevel; label: string }) {
  const { t } = useTranslation(['kyc', 'errors']);
  const start = useStart(level);
  return (
    <>
      {start.isError ? <Banner tone="danger">{errorMessage(t, start.error)}</Banner> : null}
      <Button variant="primary" loading={start.isPending} onClick={() => start.mutate()}>
        {label}
      </Button>
    </>
  );
}

function ContinueLink({ application, label }: { application: KycApplicationResponse; label: string }) {
  const step = application.status === 'more_info_requested' ? 'review' : resumeStep(application);
  return (
    <Button asChild variant="primary">
      <Link to="/dashboard/KYC/" search={{ step }}>
        {label}
      </Link>
    </Button>
  );
}

/** What the status means and the action it offers. */
function StatusBody({ application, level }: { application: KycApplicationResponse; level: KycLevel }) {
  const { t } = useTranslation('kyc');
  const levelLabel = useLevelLabel();
  const language = currentLanguage();
  const target = application.targetLevel;
  const submittedAt = application.submittedAt ? formatDateTime(application.submittedAt, language) : null;
  const texts: Record<KycApplicationResponse['status'], () => ReactNode> = {
    not_started: () => (
      <>
        <p>{t(level >= 2 ? 'status.not_started.text3' : 'status.not_started.text2')}</p>
        <StartButton level={level} label={t('status.not_started.action')} />
      </>
    ),
    in_progress: () => (
      <>
        <p>{t('status.in_progress.text')}</p>
        <ContinueLink application={application} label={t('status.in_progress.action')} />
      </>
    ),
    submitted: () => (
      <>
        <p>{submittedAt ? t('status.submitted.when', { at: submittedAt }) : null}</p>
        <p>{t('status.submitted.text')}</p>
        <p>{t('status.typicalTime')}</p>
      </>
    ),
    under_review: () => (
      <>
        <p>{t('status.under_review.text')}</p>
        <p>{t('status.typicalTime')}</p>
      </>
    ),
    approved: () => (
      <>
        <p>{t('status.approved.text', { label: levelLabel(level) })}</p>
        <AllowanceList level={level} />
        {level === 2 ? (
          <>
            <p>{t('status.approved.next3')}</p>
            <StartButton level={level} label={t('status.approved.action3')} />
          </>
        ) : null}
      </>
    ),
    rejected: () => (
      <>
        <p>{t('status.rejected.text')}</p>
        {application.decisionReason ? (
          <blockquote className="kyc-reason">{application.decisionReason}</blockquote>
        ) : null}
        <StartButton level={level} label={t('status.rejected.action')} />
      </>
    ),
    more_info_requested: () => (
      <>
        <p>{t('status.more_info_requested.text')}</p>
        {application.decisionReason ? (
          <blockquote className="kyc-reason">{application.decisionReason}</blockquote>
        ) : null}
        <ContinueLink application={application} label={t('status.more_info_requested.action')} />
      </>
    ),
  };
  return (
    <div className="kyc-status" data-status={application.status} data-target={target}>
      <div className="kyc-status__head">
        <p className="kyc-subtitle">{t('status.title', { level: target })}</p>
        <KycStatusBadge status={application.status} />
      </div>
      {texts[application.status]()}
    </div>
  );
}

/** The verification step's content on /dashboard/KYC/ for a customer at `level`. */
export function KycStatus({ level }: { level: KycLevel }) {
  const { t } = useTranslation(['kyc', 'errors']);
  const router = useRouter();
  const application = useQuery(kycApplicationQueryOptions(router.options.context.api));
  if (level < 1) {
    return <p className="app-muted">{t('status.needsLevel1')}</p>;
  }
  if (application.isPending) {
    return <Skeleton shape="block" height="96px" />;
  }
  if (application.isError) {
    return <Banner tone="danger">{errorMessage(t, application.error)}</Banner>;
  }
  if (level >= 3 && application.data.status !== 'approved') {
    // Seeded at the top level, or approved before this flow existed: nothing left to apply for.
    return <p className="app-muted">{t('status.top')}</p>;
  }
  return <StatusBody application={application.data} level={level} />;
}
