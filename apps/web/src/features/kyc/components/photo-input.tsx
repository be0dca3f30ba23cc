import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { KycFileSlot } from '@tessera/contracts';
import { Badge, Spinner } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { codeMessage, errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { currentLanguage } from '#/lib/i18n.ts';
import { useKycApplication, useUploadKycFile } from '../api/kyc-application.ts';
import { checkImage, KYC_IMAGE_TYPES } from '../lib/image-check.ts';

/** Uploads a checked image to a slot; the caller shows what happened. */
export function useSlotUpload(slot: KycFileSlot) {
  const { t } = useTranslation(['kyc', 'errors']);
  const upload = useUploadKycFile();
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({
    pending: false,
    error: null,
  });
  const send = async (image: Blob): Promise<boolean> => {
    const checked = await checkImage(image);
    if (!checked.ok) {
      setState({ pending: false, error: codeMessage(t, checked.code) });
      return false;
    }
    setState({ pending: true, error: null });
    try {
      await upload(slot, image, checked.type);
      setState({ pending: false, error: null });
      return true;
    } catch (failure) {
      setState({ pending: false, error: errorMessage(t, failure) });
      return false;
    }
  };
  return { ...state, send };
}

/** "Uploaded on …" for a slot the server holds, or nothing. */
export function SlotStatus({ slot }: { slot: KycFileSlot }) {
  const { t } = useTranslation('kyc');
  const { data: application } = useKycApplication();
  const file = application.files.find((candidate) => candidate.slot === slot);
  if (!file) {
    return <Badge tone="neutral">{t('photos.none')}</Badge>;
  }
  return (
    <Badge tone="success">
      {t('photos.uploaded', { at: formatDateTime(file.uploadedAt, currentLanguage()) })}
    </Badge>
  );
}

/**
 * A photo of one side of the document: a file input (a phone offers its camera), checked for type and size before
 * upload, a preview of the chosen photo, and the slot's state on the server.
 */
export function PhotoInput({ slot, label }: { slot: KycFileSlot; label: string }) {
  const { t } = useTranslation('kyc');
  const id = useId();
  const { pending, error, send } = useSlotUpload(slot);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    void send(file).then((sent) => setPreview(sent ? URL.createObjectURL(file) : null));
  };
  return (
    <div className="kyc-photo">
      <div className="kyc-photo__head">
        <label htmlFor={id} className="kyc-photo__label">
          {label}
        </label>
        <SlotStatus slot={slot} />
      </div>
      <p id={`${id}-hint`} className="ts-field__hint">
        {t('photos.hint')}
      </p>
      <input
        id={id}
        type="file"
        className="kyc-photo__input"
        accept={KYC_IMAGE_TYPES.join(',')}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={choose}
        disabled={pending}
      />
      {pending ? <Spinner label={t('photos.uploading')} size="sm" /> : null}
      {error ? (
        <p id={`${id}-error`} className="ts-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {preview ? (
        <img
          data-private=""
          className="kyc-photo__preview"
          src={preview}
          alt={t('photos.preview', { label })}
        />
      ) : null}
    </div>
  );
}
