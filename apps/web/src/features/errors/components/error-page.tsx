import { useId, useState } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { StatusLayout } from './status-layout.tsx';

/** The error page of spec section 2: 'Something went wrong!' with a Show Error / Hide Error toggle. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation('errors');
  const [shown, setShown] = useState(false);
  const detailsId = useId();
  const text = error instanceof Error ? error.message : String(error);
  return (
    <StatusLayout title={t('error.title')} message={t('error.message')}>
      <button
        type="button"
        className="app-status__toggle"
        aria-expanded={shown}
        aria-controls={detailsId}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? t('error.hide') : t('error.show')}
      </button>
      <pre id={detailsId} hidden={!shown} className="app-status__details" aria-label={t('error.details')}>
        {text}
      </pre>
    </StatusLayout>
  );
}
