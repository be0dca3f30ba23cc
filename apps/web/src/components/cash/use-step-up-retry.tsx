import { useCallback, useRef, useState, type ReactNode } from 'react';
import { StepUpDialog } from '#/components/step-up-dialog.tsx';
import { isStepUpRequired } from '#/lib/error-message.ts';

/**
 * Runs a money movement that may need a fresh second factor (docs/api.md, "Step-up for money movements"). When
 * cash operations answer CASH_STEP_UP_REQUIRED the step-up dialog opens; once confirmed, the same request is sent
 * again with the step-up access token (the caller keeps the same Idempotency-Key, so it is one movement). A
 * cancelled step-up rejects with the original error.
 */
export function useStepUpRetry(): {
  run: <T>(attempt: (accessToken?: string) => Promise<T>) => Promise<T>;
  dialog: ReactNode;
  /** True while the step-up dialog is open (a modal that opened it should step aside: one modal at a time). */
  active: boolean;
} {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ confirm: (token: string) => void; cancel: () => void } | null>(null);

  const run = useCallback(async <T,>(attempt: (accessToken?: string) => Promise<T>): Promise<T> => {
    try {
      return await attempt();
    } catch (error) {
      if (!isStepUpRequired(error)) {
        throw error;
      }
      const token = await new Promise<string>((resolve, reject) => {
        pending.current = { confirm: resolve, cancel: () => reject(error) };
        setOpen(true);
      });
      return attempt(token);
    }
  }, []);

  const dialog = (
    <StepUpDialog
      open={open}
      onConfirmed={(token) => {
        setOpen(false);
        pending.current?.confirm(token);
        pending.current = null;
      }}
      onCancel={() => {
        setOpen(false);
        pending.current?.cancel();
        pending.current = null;
      }}
    />
  );
  return { run, dialog, active: open };
}
