import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Select, TextField } from '@tessera/ui';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { useSaveStep } from '../hooks/use-save-step.ts';
import { countryOfAlpha3, countryOptions } from '../lib/countries.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

interface AddressValues {
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
}

/** Step 2: the home address (the country of residence preselected from the nationality). */
export function StepAddress({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const { data: application } = useKycApplication();
  const { save, pending, error } = useSaveStep(onDone);
  const language = currentLanguage();
  const countries = useMemo(() => countryOptions('alpha2', language), [language]);
  const stored = application.address;
  const form = useForm<AddressValues>({
    defaultValues: {
      line1: stored?.line1 ?? '',
      line2: stored?.line2 ?? '',
      postalCode: stored?.postalCode ?? '',
      city: stored?.city ?? '',
      country:
        stored?.country ??
        (application.personal ? (countryOfAlpha3(application.personal.nationality)?.alpha2 ?? '') : ''),
    },
    ...SUBMIT_VALIDATION,
  });
  const { errors } = form.formState;
  const required = (value: string) => value.trim().length > 0 || t('fields.required');
  const submit = form.handleSubmit((values) =>
    save({
      address: {
        line1: values.line1.trim(),
        ...(values.line2.trim() ? { line2: values.line2.trim() } : {}),
        postalCode: values.postalCode.trim(),
        city: values.city.trim(),
        country: values.country,
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
          className="kyc-grid__wide"
          label={t('fields.line1')}
          hint={t('fields.line1Hint')}
          autoComplete="address-line1"
          maxLength={200}
          required
          error={errors.line1?.message}
          {...form.register('line1', { validate: required })}
        />
        <TextField
          className="kyc-grid__wide"
          label={t('fields.line2')}
          autoComplete="address-line2"
          maxLength={200}
          {...form.register('line2')}
        />
        <TextField
          label={t('fields.postalCode')}
          autoComplete="postal-code"
          maxLength={20}
          required
          error={errors.postalCode?.message}
          {...form.register('postalCode', { validate: required })}
        />
        <TextField
          label={t('fields.city')}
          autoComplete="address-level2"
          maxLength={100}
          required
          error={errors.city?.message}
          {...form.register('city', { validate: required })}
        />
        <Controller
          control={form.control}
          name="country"
          rules={{ validate: (value) => value.length > 0 || t('fields.chooseOne') }}
          render={({ field }) => (
            <Select
              label={t('fields.country')}
              placeholder={t('fields.choose')}
              options={countries}
              value={field.value || undefined}
              onValueChange={field.onChange}
              required
              error={errors.country?.message}
            />
          )}
        />
      </div>
    </StepForm>
  );
}
