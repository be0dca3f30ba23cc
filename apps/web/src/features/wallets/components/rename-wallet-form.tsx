import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WALLET_NAME_MAX_CHARS, type Wallet } from '@tessera/contracts';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { cashKeys, useCashCall } from '#/shared/cash/api/cash-request.ts';
import { renameWallet } from '#/features/wallets/api/rename-wallet.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { walletNameProblem } from '#/shared/cash/presentation.ts';

/**
 * Renames a wallet (PATCH /wallets/{id}). The new name shows at once in the wallet list and the page header (the
 * list in the query cache is updated with the service's answer, then refetched so every page agrees).
 */
export function RenameWalletForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const queryClient = useQueryClient();
  const [name, setName] = useState(wallet.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) {
      return;
    }
    const trimmed = name.trim();
    const problem =
      trimmed.length > WALLET_NAME_MAX_CHARS ? 'create.nameTooLong' : walletNameProblem(trimmed);
    setMessage(null);
    if (problem) {
      setNameError(t(problem, { max: WALLET_NAME_MAX_CHARS }));
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      const renamed = await renameWallet(call, wallet.id, { name: trimmed });
      queryClient.setQueryData<Wallet[]>(cashKeys.wallets(), (current) =>
        current?.map((candidate) => (candidate.id === renamed.id ? renamed : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: cashKeys.wallets() });
      void queryClient.invalidateQueries({ queryKey: cashKeys.summary() });
      setName(renamed.name);
      setMessage({ tone: 'success', text: t('rename.done', { name: renamed.name }) });
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="app-form app-form--narrow" onSubmit={submit} noValidate aria-label={t('rename.title')}>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <TextField
        label={t('rename.name')}
        hint={t('rename.nameHint', { max: WALLET_NAME_MAX_CHARS })}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? undefined}
        maxLength={WALLET_NAME_MAX_CHARS + 10}
        autoComplete="off"
        required
      />
      <div>
        <Button type="submit" variant="secondary" loading={busy} loadingLabel={t('rename.saving')}>
          {t('rename.submit')}
        </Button>
      </div>
    </form>
  );
}
