import { useState } from 'react';
import { KYC_SINGLE_SIDED_DOCUMENT_TYPES, type KycFileSlot } from '@tessera/contracts';
import { useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import type { StepProps } from './kyc-flow.tsx';
import { PhotoInput } from './photo-input.tsx';
import { StepForm } from './step-form.tsx';

/** Step 4: a photo of the front and, except for a passport, of the back, each uploaded as soon as it is chosen. */
export function StepPhotos({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation('kyc');
  const { data: application } = useKycApplication();
  const [missing, setMissing] = useState<string | null>(null);
  const type = application.document?.type;
  const slots: KycFileSlot[] =
    type && KYC_SINGLE_SIDED_DOCUMENT_TYPES.includes(type) ? ['front'] : ['front', 'back'];
  const have = new Set(application.files.map((file) => file.slot));
  return (
    <StepForm
      headingId={headingId}
      back={back}
      pending={false}
      error={missing}
      onSubmit={(event) => {
        event.preventDefault();
        const absent = slots.find((slot) => !have.has(slot));
        if (absent) {
          setMissing(t('photos.missing', { label: t(`photos.${absent}`) }));
          return;
        }
        onDone();
      }}
    >
      <ul className="kyc-tips">
        <li>{t('photos.tipCorners')}</li>
        <li>{t('photos.tipLight')}</li>
        <li>{t('photos.tipFormat')}</li>
      </ul>
      <div className="kyc-photos">
        {slots.map((slot) => (
          <PhotoInput
            key={slot}
            slot={slot}
            label={type === 'passport' && slot === 'front' ? t('photos.passportPage') : t(`photos.${slot}`)}
          />
        ))}
      </div>
    </StepForm>
  );
}
