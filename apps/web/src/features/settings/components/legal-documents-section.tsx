/**
 * Settings section legalDocuments (docs/api.md "Legal documents"): each legal document in its current version, the
 * version the customer accepted and when, and a button to accept a newer version (money movements wait for it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { LegalDocumentId, LegalDocumentsResponse } from '@tessera/contracts';
import { Banner, Button } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { formatLongDate } from '#/lib/format-date.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';

const legalKey = ['legal-documents'] as const;

export function LegalDocumentsSection() {
  const { t } = useTranslation(['legal', 'errors']);
  const language = currentLanguage();
  const api = useRouter().options.context.api;
  const queryClient = useQueryClient();
  const documents = useQuery({
    queryKey: legalKey,
    queryFn: ({ signal }) => api<LegalDocumentsResponse>('userManagement', '/me/legal', { signal }),
  });
  const accepting = useMutation({
    mutationFn: (document: { documentId: LegalDocumentId; version: string }) =>
      api<LegalDocumentsResponse>('userManagement', '/me/legal', { method: 'POST', body: document }),
    onSuccess: (next) => queryClient.setQueryData(legalKey, next),
  });
  if (documents.isError) {
    return <Banner tone="danger">{errorMessage(t, documents.error)}</Banner>;
  }
  if (!documents.data) {
    return <p className="app-muted">{t('legal:loading')}</p>;
  }
  return (
    <>
      <p>{t('legal:intro')}</p>
      {accepting.isError ? <Banner tone="danger">{errorMessage(t, accepting.error)}</Banner> : null}
      <ul className="app-stack" aria-label={t('legal:listLabel')}>
        {documents.data.items.map((document) => (
          <li key={document.id} data-testid={`legal-${document.id}`}>
            <h3>{t(`legal:documents.${document.id}`)}</h3>
            <p>
              {t('legal:currentVersion', { date: formatLongDate(document.effectiveDate, language) })}{' '}
              <a href={document.link} target="_blank" rel="noreferrer">
                {t('legal:read', { name: t(`legal:documents.${document.id}`) })}
              </a>
            </p>
            {document.acceptedAt && !document.acceptanceRequired ? (
              <p>{t('legal:accepted', { date: formatDateTime(document.acceptedAt, language) })}</p>
            ) : null}
            {document.acceptanceRequired ? (
              <>
                <Banner tone="warning">
                  {document.acceptedAt
                    ? t('legal:newVersion', { date: formatDateTime(document.acceptedAt, language) })
                    : t('legal:notAccepted')}
                </Banner>
                <Button
                  disabled={accepting.isPending}
                  onClick={() => accepting.mutate({ documentId: document.id, version: document.version })}
                >
                  {t('legal:accept', { name: t(`legal:documents.${document.id}`) })}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
