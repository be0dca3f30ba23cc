import { useForm } from 'react-hook-form';
import {
  AddressFields,
  addressFormDefaults,
  addressFromForm,
  type AddressFormValues,
} from '#/components/address-fields.tsx';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { useSaveStep } from '../hooks/use-save-step.ts';
import { countryOfAlpha3 } from '../lib/countries.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

/** Step 2: the home address (the country of residence preselected from the nationality). */
export function StepAddress({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const { data: application } = useKycApplication();
  const { save, pending, error } = useSaveStep(onDone);
  const nationality = application.personal
    ? (countryOfAlpha3(application.personal.nationality)?.alpha2 ?? '')
    : '';
  const form = useForm<AddressFormValues>({
    defaultValues: addressFormDefaults(application.address, nationality),
    ...SUBMIT_VALIDATION,
  });
  const submit = form.handleSubmit((values) => save({ address: addressFromForm(values) }));
  return (
    <StepForm
      headingId={headingId}
      back={back}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
    >
      <div className="kyc-grid">
        <AddressFields
          form={form}
          wideClassName="kyc-grid__wide"
          text={{
            line1: t('fields.line1'),
            line1Hint: t('fields.line1Hint'),
            line2: t('fields.line2'),
            postalCode: t('fields.postalCode'),
            city: t('fields.city'),
            country: t('fields.country'),
            countryPlaceholder: t('fields.choose'),
            required: t('fields.required'),
            chooseCountry: t('fields.chooseOne'),
          }}
        />
      </div>
    </StepForm>
  );
}
