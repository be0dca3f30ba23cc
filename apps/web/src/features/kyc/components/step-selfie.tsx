import { useState } from 'react';
import { Banner } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { CameraCapture } from './camera-capture.tsx';
import type { StepProps } from './kyc-flow.tsx';
import { PhotoInput, SlotStatus, useSlotUpload } from './photo-input.tsx';
import { StepForm } from './step-form.tsx';

/** Step 6: a selfie from the camera, or a photo uploaded instead. */
export function StepSelfie({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation('kyc');
  const { data: application } = useKycApplication();
  const camera = useSlotUpload('selfie');
  const [sent, setSent] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const have = application.files.some((file) => file.slot === 'selfie');
  return (
    <StepForm
      headingId={headingId}
      back={back}
      pending={false}
      error={missing}
      onSubmit={(event) => {
        event.preventDefault();
        if (!have) {
          setMissing(t('selfie.missing'));
          return;
        }
        onDone();
      }}
    >
      <ul className="kyc-tips">
        <li>{t('selfie.tipFace')}</li>
        <li>{t('selfie.tipLight')}</li>
      </ul>
      <div className="kyc-photo__head">
        <h3 className="kyc-subtitle">{t('selfie.cameraTitle')}</h3>
        <SlotStatus slot="selfie" />
      </div>
      <CameraCapture
        sending={camera.pending}
        onPhoto={(photo) => void camera.send(photo).then((ok) => setSent(ok))}
      />
      {camera.error ? <Banner tone="danger">{camera.error}</Banner> : null}
      {sent ? <Banner tone="success">{t('selfie.sent')}</Banner> : null}
      <details className="kyc-upload-instead">
        <summary>{t('selfie.uploadInstead')}</summary>
        <PhotoInput slot="selfie" label={t('selfie.uploadLabel')} />
      </details>
    </StepForm>
  );
}
