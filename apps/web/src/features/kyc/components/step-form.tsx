import type { FormEvent, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Banner, Button } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import type { KycStep } from '../lib/flow.ts';

/**
 * The frame of one step: a form named by the step heading, its fields, the server's refusal if any, then "Back"
 * (to the previous step) and the step's main action.
 */
export function StepForm({
  headingId,
  back,
  onSubmit,
  pending,
  error,
  submitLabel,
  submitDisabled = false,
  children,
}: {
  headingId: string;
  back: KycStep | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  error: string | null;
  submitLabel?: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('kyc');
  return (
    <form className="kyc-form" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      {children}
      {error ? <Banner tone="danger">{error}</Banner> : null}
      <div className="kyc-form__actions">
        {back ? (
          <Button asChild variant="ghost">
            <Link to="/dashboard/KYC/" search={{ step: back }}>
              {t('flow.back')}
            </Link>
          </Button>
        ) : (
          <Button asChild variant="ghost">
            <Link to="/dashboard/KYC/">{t('flow.later')}</Link>
          </Button>
        )}
        <Button
          type="submit"
          variant="primary"
          loading={pending}
          loadingLabel={t('flow.saving')}
          disabled={submitDisabled}
        >
          {submitLabel ?? t('flow.continue')}
        </Button>
      </div>
    </form>
  );
}
