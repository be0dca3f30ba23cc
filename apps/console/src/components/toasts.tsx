import type { ReactNode } from 'react';
import { ToastProvider } from '@tessera/ui';
import { useTranslation } from '../lib/i18n.ts';

/** The design system's toasts, with their labels translated. */
export function Toasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ToastProvider
      label={t('toasts.label')}
      viewportLabel={t('toasts.viewport')}
      closeLabel={t('toasts.close')}
    >
      {children}
    </ToastProvider>
  );
}
