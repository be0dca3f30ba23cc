import { Controller, useForm } from 'react-hook-form';
import {
  KYC_FUNDS_ORIGINS,
  KYC_INCOME_SOURCES,
  KYC_PURPOSES,
  KYC_YEARLY_VOLUME_BANDS,
  type KycDueDiligence,
} from '@tessera/contracts';
import { Select } from '@tessera/ui';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { useSaveStep } from '../hooks/use-save-step.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

interface QuestionValues {
  purpose: string;
  yearlyVolumeBand: string;
  sourceOfIncome: string;
  politicallyExposed: '' | 'yes' | 'no';
  fundsOrigin: string;
  fundsDescription: string;
}

const FUNDS_DESCRIPTION_MAX = 1000;

/** Step 7: the due-diligence questions; level 3 adds where the money comes from. */
export function StepQuestions({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const { data: application } = useKycApplication();
  const { save, pending, error } = useSaveStep(onDone);
  const enhanced = application.targetLevel === 3;
  const stored = application.dueDiligence;
  const form = useForm<QuestionValues>({
    defaultValues: {
      purpose: stored?.purpose ?? '',
      yearlyVolumeBand: stored?.yearlyVolumeBand ?? '',
      sourceOfIncome: stored?.sourceOfIncome ?? '',
      politicallyExposed: stored ? (stored.politicallyExposed ? 'yes' : 'no') : '',
      fundsOrigin: stored?.sourceOfFunds?.origin ?? '',
      fundsDescription: stored?.sourceOfFunds?.description ?? '',
    },
    ...SUBMIT_VALIDATION,
  });
  const { errors } = form.formState;
  const chosen = (value: string) => value.length > 0 || t('fields.chooseOne');
  const submit = form.handleSubmit((values) => {
    const answers = {
      purpose: values.purpose,
      yearlyVolumeBand: values.yearlyVolumeBand,
      sourceOfIncome: values.sourceOfIncome,
      politicallyExposed: values.politicallyExposed === 'yes',
      ...(enhanced
        ? { sourceOfFunds: { origin: values.fundsOrigin, description: values.fundsDescription.trim() } }
        : {}),
    } as KycDueDiligence;
    save({ dueDiligence: answers });
  });
  const choice = (
    name: 'purpose' | 'yearlyVolumeBand' | 'sourceOfIncome' | 'fundsOrigin',
    options: readonly string[],
  ) => (
    <Controller
      control={form.control}
      name={name}
      rules={{ validate: (value) => (name === 'fundsOrigin' && !enhanced) || chosen(value) }}
      render={({ field }) => (
        <Select
          label={t(`questions.${name}`)}
          placeholder={t('fields.choose')}
          options={options.map((value) => ({ value, label: t(`questions.${name}Options.${value}`) }))}
          value={field.value || undefined}
          onValueChange={field.onChange}
          required
          error={errors[name]?.message}
        />
      )}
    />
  );
  const pepError = errors.politicallyExposed?.message;
  return (
    <StepForm
      headingId={headingId}
      back={back}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
    >
      <div className="kyc-grid">
        {choice('purpose', KYC_PURPOSES)}
        {choice('yearlyVolumeBand', KYC_YEARLY_VOLUME_BANDS)}
        {choice('sourceOfIncome', KYC_INCOME_SOURCES)}
      </div>
      <fieldset
        className="kyc-radios"
        aria-describedby={pepError ? 'kyc-pep-hint kyc-pep-error' : 'kyc-pep-hint'}
        aria-invalid={pepError ? true : undefined}
      >
        <legend className="kyc-radios__legend">{t('questions.politicallyExposed')}</legend>
        <p id="kyc-pep-hint" className="ts-field__hint">
          {t('questions.politicallyExposedHint')}
        </p>
        <div className="app-cluster">
          {(['no', 'yes'] as const).map((value) => (
            <label key={value} className="kyc-radio">
              <input
                type="radio"
                value={value}
                {...form.register('politicallyExposed', { validate: chosen })}
              />
              {t(`questions.${value}`)}
            </label>
          ))}
        </div>
        {pepError ? (
          <p id="kyc-pep-error" className="ts-field__error">
            {pepError}
          </p>
        ) : null}
      </fieldset>
      {enhanced ? (
        <fieldset className="kyc-radios">
          <legend className="kyc-radios__legend">{t('questions.fundsTitle')}</legend>
          {choice('fundsOrigin', KYC_FUNDS_ORIGINS)}
          <div className="ts-field">
            <label htmlFor="kyc-funds-description" className="ts-field__label">
              {t('questions.fundsDescription')}
            </label>
            <p id="kyc-funds-hint" className="ts-field__hint">
              {t('questions.fundsDescriptionHint')}
            </p>
            <textarea
              id="kyc-funds-description"
              className="kyc-textarea"
              rows={4}
              maxLength={FUNDS_DESCRIPTION_MAX}
              aria-describedby={errors.fundsDescription ? 'kyc-funds-hint kyc-funds-error' : 'kyc-funds-hint'}
              aria-invalid={errors.fundsDescription ? true : undefined}
              {...form.register('fundsDescription', {
                validate: (value) => !enhanced || value.trim().length > 0 || t('fields.required'),
              })}
            />
            {errors.fundsDescription ? (
              <p id="kyc-funds-error" className="ts-field__error">
                {errors.fundsDescription.message}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}
    </StepForm>
  );
}
