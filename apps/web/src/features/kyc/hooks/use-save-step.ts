import { useMutation } from '@tanstack/react-query';
import type { KycApplicationUpdate } from '@tessera/contracts';
import { useTranslation } from '#/lib/i18n.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { useSaveKycApplication } from '../api/kyc-application.ts';

/** Saves a step's part (PUT /kyc/application), then moves on; a refusal is the translated message of its code. */
export function useSaveStep(onDone: () => void) {
  const { t } = useTranslation(['kyc', 'errors']);
  const save = useSaveKycApplication();
  const mutation = useMutation({ mutationFn: save, onSuccess: onDone });
  return {
    save: (update: KycApplicationUpdate) => mutation.mutate(update),
    pending: mutation.isPending,
    error: mutation.isError ? errorMessage(t, mutation.error) : null,
  };
}

/** Today as YYYY-MM-DD in the customer's time zone. */
export function todayIso(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
