import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { KYC_DOCUMENT_TYPES, type KycDocumentInput, type KycDocumentType } from '@tessera/contracts';
import { Select, TextField } from '@tessera/ui';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { todayIso, useSaveStep } from '../hooks/use-save-step.ts';
import { countryOptions } from '../lib/countries.ts';
import { hasMrz } from '../lib/flow.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

interface DocumentValues {
  type: KycDocumentType | '';
  issuingCountry: string;
  number: string;
  expiryDate: string;
}

/**
 * Step 3: the document type and the state that issued it. A passport's or identity card's number and expiry date
 * are read from its machine-readable zone later; a driving licence or residence permit has none, so they are
 * typed here.
 */
export function StepDocument({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const { data: application } = useKycApplication();
  const { save, pending, error } = useSaveStep(onDone);
  const language = currentLanguage();
  const countries = useMemo(() => countryOptions('alpha3', language), [language]);
  const stored = application.document;
  const form = useForm<DocumentValues>({
    defaultValues: {
      type: stored?.type ?? '',
      issuingCountry: stored?.issuingCountry ?? application.personal?.nationality ?? '',
      number: stored?.number ?? '',
      expiryDate: stored?.expiryDate ?? '',
    },
    ...SUBMIT_VALIDATION,
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const typed = type !== '' && !hasMrz(type);
  const submit = form.handleSubmit((values) => {
    if (values.type === '') {
      return;
    }
    const document: KycDocumentInput = { type: values.type, issuingCountry: values.issuingCountry };
    if (!hasMrz(values.type)) {
      document.number = values.number.trim();
      document.expiryDate = values.expiryDate;
    } else if (stored && stored.type === values.type && stored.issuingCountry === values.issuingCountry) {
      // The part is replaced whole: the zone already read for this same document stays.
      Object.assign(document, {
        ...(stored.number ? { number: stored.number } : {}),
        ...(stored.expiryDate ? { expiryDate: stored.expiryDate } : {}),
        ...(stored.mrz ? { mrzLines: stored.mrz.lines } : {}),
      });
    }
    save({ document });
  });
  return (
    <StepForm
      headingId={headingId}
      back={back}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
    >
      <div className="kyc-grid">
        <Controller
          control={form.control}
          name="type"
          rules={{ validate: (value) => value !== '' || t('fields.chooseOne') }}
          render={({ field }) => (
            <Select
              label={t('fields.documentType')}
              placeholder={t('fields.choose')}
              options={KYC_DOCUMENT_TYPES.map((value) => ({ value, label: t(`documentTypes.${value}`) }))}
              value={field.value || undefined}
              onValueChange={field.onChange}
              required
              hint={type ? t(`documentHints.${type}`) : undefined}
              error={errors.type?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="issuingCountry"
          rules={{ validate: (value) => value.length > 0 || t('fields.chooseOne') }}
          render={({ field }) => (
            <Select
              label={t('fields.issuingCountry')}
              placeholder={t('fields.choose')}
              options={countries}
              value={field.value || undefined}
              onValueChange={field.onChange}
              required
              error={errors.issuingCountry?.message}
            />
          )}
        />
        {typed ? (
          <>
            <TextField
              label={t('fields.documentNumber')}
              maxLength={40}
              autoComplete="off"
              required
              error={errors.number?.message}
              {...form.register('number', {
                validate: (value) => !typed || value.trim().length > 0 || t('fields.required'),
              })}
            />
            <TextField
              label={t('fields.expiryDate')}
              type="date"
              required
              min={todayIso()}
              error={errors.expiryDate?.message}
              {...form.register('expiryDate', {
                validate: (value) => {
                  if (!typed) {
                    return true;
                  }
                  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
                    return t('fields.dateInvalid');
                  }
                  return value >= todayIso() || t('errors:api.KYC_DOCUMENT_EXPIRED');
                },
              })}
            />
          </>
        ) : null}
      </div>
    </StepForm>
  );
}
