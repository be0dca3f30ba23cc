import { useRouteContext } from '@tanstack/react-router';
import { KYC_FILE_SLOTS, type KycFileSlot } from '@tessera/contracts';
import { Card, Skeleton } from '@tessera/ui';
import { useEffect, useMemo, useState } from 'react';
import { createBlobReader } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { getKycCaseFile } from './kyc-api.ts';

type ImageState = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' };

/**
 * One document image, read with the staff token (audited on the server) and shown through an object URL that is
 * revoked when the image leaves the page: the bytes never sit behind an address anyone else could open.
 */
function DocumentImage({
  caseId,
  slot,
  reference,
}: {
  caseId: string;
  slot: KycFileSlot;
  reference: string;
}) {
  const { t } = useTranslation('kyc');
  const { auth } = useRouteContext({ from: '/_staff' });
  const read = useMemo(() => createBlobReader(auth), [auth]);
  const [image, setImage] = useState<ImageState>({ state: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    getKycCaseFile(read, caseId, slot, reference).then(
      (blob) => {
        if (live) {
          url = URL.createObjectURL(blob);
          setImage({ state: 'ready', url });
        }
      },
      () => {
        if (live) {
          setImage({ state: 'failed' });
        }
      },
    );
    return () => {
      live = false;
      if (url) {
        URL.revokeObjectURL(url);
      }
    };
  }, [read, caseId, slot, reference]);
  if (image.state === 'loading') {
    return (
      <>
        <Skeleton height="160px" />
        <span className="ts-visually-hidden">{t('documents.loading')}</span>
      </>
    );
  }
  if (image.state === 'failed') {
    return <p className="kyc-muted">{t('documents.failed')}</p>;
  }
  return (
    <a href={image.url} target="_blank" rel="noreferrer" className="kyc-document__link">
      <img src={image.url} alt={t(`documents.${slot}`)} className="kyc-document__image" />
    </a>
  );
}

/** The front, back and selfie of the application (a slot not uploaded says so). */
export function KycDocuments({
  caseId,
  reference,
  uploaded,
  singleSided,
}: {
  caseId: string;
  reference: string;
  uploaded: readonly KycFileSlot[];
  /** A passport has no back: its slot is shown only if one was sent anyway. */
  singleSided: boolean;
}) {
  const { t } = useTranslation('kyc');
  const slots = KYC_FILE_SLOTS.filter((slot) => uploaded.includes(slot) || !(singleSided && slot === 'back'));
  return (
    <Card title={t('documents.title')} description={t('documents.lead')} headingLevel={2}>
      <div className="kyc-documents">
        {slots.map((slot) => (
          <figure key={slot} className="kyc-document">
            {uploaded.includes(slot) ? (
              <DocumentImage caseId={caseId} slot={slot} reference={reference} />
            ) : (
              <p className="kyc-muted">{t('documents.missing')}</p>
            )}
            <figcaption>{t(`documents.${slot}`)}</figcaption>
          </figure>
        ))}
      </div>
    </Card>
  );
}
