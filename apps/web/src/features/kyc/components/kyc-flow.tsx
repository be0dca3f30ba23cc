/**
 * /dashboard/KYC/?step=<step>: the identity-verification flow, one step per screen with a progress indicator.
 * Each step saves its part on the server (PUT /kyc/application), so the customer can leave and resume; the step
 * heading takes the focus when the step changes, so a screen reader starts at the new step. An application that
 * cannot change now (submitted, under review, approved) shows its status instead of the forms.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Banner, Button, PageHeader } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { isEditable, nextStep, previousStep, STEP_PARTS, stepsFor, type KycStep } from '../lib/flow.ts';
import { KycProgress } from './kyc-progress.tsx';
import { StepAddress } from './step-address.tsx';
import { StepDocument } from './step-document.tsx';
import { StepMrz } from './step-mrz.tsx';
import { StepPersonal } from './step-personal.tsx';
import { StepPhotos } from './step-photos.tsx';
import { StepQuestions } from './step-questions.tsx';
import { StepReview } from './step-review.tsx';
import { StepSelfie } from './step-selfie.tsx';
import './kyc.css';

/** What every step receives: where to go after saving, and the id of the heading that names its form. */
export interface StepProps {
  headingId: string;
  onDone: () => void;
  back: KycStep | null;
}

export function KycFlow({ step }: { step: KycStep }) {
  const { t } = useTranslation('kyc');
  const { data: application } = useKycApplication();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const documentType = application.document?.type;
  const steps = stepsFor(documentType);
  // A step the document does not have (the zone of a driving licence) is the review's neighbour instead.
  const current = steps.includes(step) ? step : 'review';
  useDocumentTitle(`${t(`steps.${current}.title`)} — ${t('flow.title')} — Tessera`);
  // Each step opens at its heading (also the first: the button that opened the flow is gone).
  useEffect(() => {
    heading.current?.focus();
  }, [current]);

  if (!isEditable(application.status)) {
    return (
      <div className="app-page">
        <PageHeader title={t('flow.title')} />
        <Banner
          tone="info"
          title={t(`status.${application.status}.title`)}
          action={
            <Button asChild variant="secondary" size="sm">
              <Link to="/dashboard/KYC/">{t('flow.backToStatus')}</Link>
            </Button>
          }
        >
          {t('flow.locked')}
        </Banner>
      </div>
    );
  }

  const goTo = (target: KycStep | null) =>
    void navigate({ to: '/dashboard/KYC/', search: target ? { step: target } : {} });
  const props: StepProps = {
    headingId: 'kyc-step-title',
    onDone: () => goTo(nextStep(current, documentType)),
    back: previousStep(current, documentType),
  };
  return (
    <div className="app-page kyc-flow">
      <PageHeader
        title={t('flow.title')}
        description={t(application.targetLevel === 3 ? 'flow.lead3' : 'flow.lead2')}
      />
      {application.status === 'more_info_requested' && application.decisionReason ? (
        <Banner tone="warning" title={t('status.more_info_requested.title')}>
          <p className="kyc-reason">{application.decisionReason}</p>
        </Banner>
      ) : null}
      <KycProgress
        steps={steps}
        current={current}
        done={
          new Set(
            steps.filter(
              (candidate) =>
                STEP_PARTS[candidate].length > 0 &&
                STEP_PARTS[candidate].every((part) => !application.missing.includes(part)),
            ),
          )
        }
      />
      <section className="kyc-step" aria-labelledby={props.headingId}>
        <h2 id={props.headingId} ref={heading} tabIndex={-1} className="kyc-step__title">
          {t(`steps.${current}.title`)}
        </h2>
        <p className="app-muted">{t(`steps.${current}.lead`)}</p>
        <CurrentStep step={current} props={props} />
      </section>
    </div>
  );
}

function CurrentStep({ step, props }: { step: KycStep; props: StepProps }) {
  switch (step) {
    case 'personal':
      return <StepPersonal {...props} />;
    case 'address':
      return <StepAddress {...props} />;
    case 'document':
      return <StepDocument {...props} />;
    case 'photos':
      return <StepPhotos {...props} />;
    case 'mrz':
      return <StepMrz {...props} />;
    case 'selfie':
      return <StepSelfie {...props} />;
    case 'questions':
      return <StepQuestions {...props} />;
    case 'review':
      return <StepReview {...props} />;
  }
}
