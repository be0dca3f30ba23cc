import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KYC_APPLICATION_PARTS, type KycApplicationPart } from '@tessera/contracts';
import { VisuallyHidden } from '@tessera/ui';
import { ApiError } from '#/lib/api.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatLongDate } from '#/lib/format-date.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useKycApplication, useSubmitKycApplication } from '../api/kyc-application.ts';
import { countryNameOf } from '../lib/countries.ts';
import { stepOfPart, type KycStep } from '../lib/flow.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

function Section({ title, step, children }: { title: string; step: KycStep; children: ReactNode }) {
  const { t } = useTranslation('kyc');
  return (
    <section className="kyc-review__part" aria-label={title}>
      <div className="kyc-review__head">
        <h3 className="kyc-subtitle">{title}</h3>
        <Link to="/dashboard/KYC/" search={{ step }} className="kyc-link">
          {t('review.change')}
          <VisuallyHidden>{` ${title}`}</VisuallyHidden>
        </Link>
      </div>
      <dl className="kyc-facts">{children}</dl>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  const { t } = useTranslation('kyc');
  return (
    <>
      <dt>{term}</dt>
      <dd data-tracker-mask="">{value || t('review.missingValue')}</dd>
    </>
  );
}

/** The parts a refused submit names (KYC_APPLICATION_INCOMPLETE's `details.missing`), each with its step. */
function missingParts(error: unknown): KycApplicationPart[] {
  if (!(error instanceof ApiError) || error.code !== 'KYC_APPLICATION_INCOMPLETE') {
    return [];
  }
  const missing = error.details['missing'];
  return Array.isArray(missing)
    ? KYC_APPLICATION_PARTS.filter((part) => (missing as unknown[]).includes(part))
    : [];
}

/** Step 8: everything the customer gave, each part with a link to change it, then submit. */
export function StepReview({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const language = currentLanguage();
  const { data: application } = useKycApplication();
  const submit = useMutation({ mutationFn: useSubmitKycApplication(), onSuccess: onDone });
  const { personal, address, document, dueDiligence } = application;
  const missing = submit.isError ? missingParts(submit.error) : application.missing;
  const fileFact = (slot: 'front' | 'back' | 'selfie') =>
    application.files.some((file) => file.slot === slot) ? t('review.fileReceived') : null;
  return (
    <StepForm
      headingId={headingId}
      back={back}
      pending={submit.isPending}
      error={submit.isError ? errorMessage(t, submit.error) : null}
      submitLabel={t('review.submit')}
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate();
      }}
    >
      {missing.length > 0 ? (
        <div className="kyc-missing" role="group" aria-labelledby="kyc-missing-title">
          <p id="kyc-missing-title" className="kyc-subtitle">
            {t('review.missingTitle')}
          </p>
          <ul>
            {missing.map((part) => (
              <li key={part}>
                <Link to="/dashboard/KYC/" search={{ step: stepOfPart(part) }} className="kyc-link">
                  {t(`parts.${part.replace('.', '_')}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="kyc-review">
        <Section title={t('steps.personal.short')} step="personal">
          <Fact term={t('fields.firstName')} value={personal?.firstName} />
          <Fact term={t('fields.lastName')} value={personal?.lastName} />
          <Fact
            term={t('fields.birthDate')}
            value={personal ? formatLongDate(personal.birthDate, language) : null}
          />
          <Fact
            term={t('fields.nationality')}
            value={personal ? countryNameOf(personal.nationality, language) : null}
          />
        </Section>
        <Section title={t('steps.address.short')} step="address">
          <Fact
            term={t('review.address')}
            value={
              address
                ? [address.line1, address.line2, `${address.postalCode} ${address.city}`]
                    .filter(Boolean)
                    .join(', ')
                : null
            }
          />
          <Fact
            term={t('fields.country')}
            value={address ? countryNameOf(address.country, language) : null}
          />
        </Section>
        <Section title={t('steps.document.short')} step="document">
          <Fact
            term={t('fields.documentType')}
            value={document ? t(`documentTypes.${document.type}`) : null}
          />
          <Fact
            term={t('fields.issuingCountry')}
            value={document ? countryNameOf(document.issuingCountry, language) : null}
          />
          <Fact term={t('fields.documentNumber')} value={document?.number} />
          <Fact
            term={t('fields.expiryDate')}
            value={document?.expiryDate ? formatLongDate(document.expiryDate, language) : null}
          />
        </Section>
        <Section title={t('steps.photos.short')} step="photos">
          <Fact term={t('photos.front')} value={fileFact('front')} />
          {document?.type !== 'passport' ? <Fact term={t('photos.back')} value={fileFact('back')} /> : null}
        </Section>
        <Section title={t('steps.selfie.short')} step="selfie">
          <Fact term={t('steps.selfie.short')} value={fileFact('selfie')} />
        </Section>
        <Section title={t('steps.questions.short')} step="questions">
          <Fact
            term={t('questions.purpose')}
            value={dueDiligence ? t(`questions.purposeOptions.${dueDiligence.purpose}`) : null}
          />
          <Fact
            term={t('questions.yearlyVolumeBand')}
            value={
              dueDiligence ? t(`questions.yearlyVolumeBandOptions.${dueDiligence.yearlyVolumeBand}`) : null
            }
          />
          <Fact
            term={t('questions.sourceOfIncome')}
            value={dueDiligence ? t(`questions.sourceOfIncomeOptions.${dueDiligence.sourceOfIncome}`) : null}
          />
          <Fact
            term={t('questions.politicallyExposed')}
            value={
              dueDiligence ? t(dueDiligence.politicallyExposed ? 'questions.yes' : 'questions.no') : null
            }
          />
          {application.targetLevel === 3 ? (
            <Fact
              term={t('questions.fundsTitle')}
              value={
                dueDiligence?.sourceOfFunds
                  ? `${t(`questions.fundsOriginOptions.${dueDiligence.sourceOfFunds.origin}`)}: ${dueDiligence.sourceOfFunds.description}`
                  : null
              }
            />
          ) : null}
        </Section>
      </div>
    </StepForm>
  );
}
