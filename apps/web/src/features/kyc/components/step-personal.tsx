import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { KycPersonal } from '@tessera/contracts';
import { Select, TextField } from '@tessera/ui';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { todayIso, useSaveStep } from '../hooks/use-save-step.ts';
import { countryOptions } from '../lib/countries.ts';
import { ageOn } from '../lib/flow.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

/** The age the bank serves from (KYC_UNDERAGE below it). */
const ADULT_AGE = 18;
const NAME_MAX = 100;

/** Step 1: the legal name, birth date and nationality, as on the document. */
export function StepPersonal({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const { data: application } = useKycApplication();
  const { save, pending, error } = useSaveStep(onDone);
  const language = currentLanguage();
  const nationalities = useMemo(() => countryOptions('alpha3', language), [language]);
  const form = useForm<KycPersonal>({
    defaultValues: application.personal ?? { firstName: '', lastName: '', birthDate: '', nationality: '' },
    ...SUBMIT_VALIDATION,
  });
  const { errors } = form.formState;
  const required = (value: string) => value.trim().length > 0 || t('fields.required');
  const submit = form.handleSubmit((values) =>
    save({
      personal: {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        birthDate: values.birthDate,
        nationality: values.nationality,
      },
    }),
  );
  return (
    <StepForm
      headingId={headingId}
      back={back}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
    >
      <div className="kyc-grid">
        <TextField
          label={t('fields.firstName')}
          hint={t('fields.nameHint')}
          autoComplete="given-name"
          maxLength={NAME_MAX}
          required
          error={errors.firstName?.message}
          {...form.register('firstName', { validate: required })}
        />
        <TextField
          label={t('fields.lastName')}
          autoComplete="family-name"
          maxLength={NAME_MAX}
          required
          error={errors.lastName?.message}
          {...form.register('lastName', { validate: required })}
        />
        <TextField
          label={t('fields.birthDate')}
          type="date"
          autoComplete="bday"
          required
          max={todayIso()}
          error={errors.birthDate?.message}
          {...form.register('birthDate', {
            validate: (value) => {
              if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
                return t('fields.dateInvalid');
              }
              return ageOn(value, todayIso()) >= ADULT_AGE || t('errors:api.KYC_UNDERAGE');
            },
          })}
        />
        <Controller
          control={form.control}
          name="nationality"
          rules={{ validate: (value) => value.length > 0 || t('fields.chooseOne') }}
          render={({ field }) => (
            <Select
              label={t('fields.nationality')}
              placeholder={t('fields.choose')}
              options={nationalities}
              value={field.value || undefined}
              onValueChange={field.onChange}
              required
              error={errors.nationality?.message}
            />
          )}
        />
      </div>
    </StepForm>
  );
}
