import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { WALLET_NAME_MAX_CHARS, type Wallet } from '@tessera/contracts';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { cashKeys, useCashCall } from '#/shared/cash/api/cash-request.ts';
import { renameWallet } from '../api/rename-wallet.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { walletNameProblem } from '#/shared/cash/presentation.ts';

import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';

function renameWalletSchema(t: Translate) {
  return z.object({
    name: z.string().superRefine((name, context) => {
      const trimmed = name.trim();
      const problem =
        trimmed.length > WALLET_NAME_MAX_CHARS ? 'create.nameTooLong' : walletNameProblem(trimmed);
      if (problem) {
        context.addIssue({ code: 'custom', message: t(problem, { max: WALLET_NAME_MAX_CHARS }) });
      }
    }),
  });
}

type RenameWalletValues = z.infer<ReturnType<typeof renameWalletSchema>>;

/** Renames, then puts the service's answer in the cached wallet list and refetches it so every page agrees. */
function useRenameWallet(walletId: string) {
  const call = useCashCall();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameWallet(call, walletId, { name }),
    onSuccess: (renamed) => {
      queryClient.setQueryData<Wallet[]>(cashKeys.wallets(), (current) =>
        current?.map((candidate) => (candidate.id === renamed.id ? renamed : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: cashKeys.wallets() });
      void queryClient.invalidateQueries({ queryKey: cashKeys.summary() });
    },
  });
}

/**
 * Renames a wallet (PATCH /wallets/{id}). The new name shows at once in the wallet list and the page header (the
 * list in the query cache is updated with the service's answer, then refetched so every page agrees).
 */
export function RenameWalletForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const renaming = useRenameWallet(wallet.id);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm<RenameWalletValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(renameWalletSchema(t)),
    defaultValues: { name: wallet.name },
  });
  const rename = async ({ name }: RenameWalletValues) => {
    try {
      const renamed = await renaming.mutateAsync(name.trim());
      form.setValue('name', renamed.name);
      setMessage({ tone: 'success', text: t('rename.done', { name: renamed.name }) });
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    }
  };
  return (
    <form
      className="app-form app-form--narrow"
      onSubmit={(event) => {
        if (!renaming.isPending) {
          setMessage(null);
          void form.handleSubmit(rename)(event);
        } else {
          event.preventDefault();
        }
      }}
      noValidate
      aria-label={t('rename.title')}
    >
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <TextField
        label={t('rename.name')}
        hint={t('rename.nameHint', { max: WALLET_NAME_MAX_CHARS })}
        {...form.register('name')}
        error={form.formState.errors.name?.message}
        maxLength={WALLET_NAME_MAX_CHARS + 10}
        autoComplete="off"
        required
      />
      <div>
        <Button
          type="submit"
          variant="secondary"
          loading={renaming.isPending}
          loadingLabel={t('rename.saving')}
        >
          {t('rename.submit')}
        </Button>
      </div>
    </form>
  );
}
