import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { CASH_ASSET_CODES, WALLET_NAME_MAX_CHARS, type Wallet, type WalletKind } from '@tessera/contracts';
import { Banner, Button, SegmentedControl, Select, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { createWallet } from '#/features/wallets/api/create-wallet.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-request.ts';
import { errorMessage } from '#/lib/error-message.ts';

/** Wallet creation (action=new): an asset, a kind (current or savings vault) and an optional name. */
export function CreateWalletForm() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  const navigate = useNavigate();
  const [asset, setAsset] = useState<string>('EUR');
  const [kind, setKind] = useState<WalletKind>('current');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intended wallet: a double click or a retry after a lost answer creates it once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) {
      return;
    }
    const trimmed = name.trim();
    if (trimmed.length > WALLET_NAME_MAX_CHARS) {
      setNameError(t('create.nameTooLong', { max: WALLET_NAME_MAX_CHARS }));
      return;
    }
    setNameError(null);
    setError(null);
    setBusy(true);
    try {
      const wallet: Wallet = await createWallet(
        call,
        { asset, kind, ...(trimmed ? { name: trimmed } : {}) },
        idempotencyKey,
      );
      setIdempotencyKey(newIdempotencyKey());
      await invalidate();
      await navigate({ to: '/dashboard/wallets/$id/', params: { id: wallet.id }, search: { to: 0 } });
    } catch (failure) {
      setError(errorMessage(t, failure));
      setIdempotencyKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="app-form" onSubmit={submit} noValidate aria-label={t('create.title')}>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      <Select
        label={t('create.asset')}
        value={asset}
        onValueChange={setAsset}
        options={CASH_ASSET_CODES.map((code) => ({ value: code, label: t(`assets.${code}`) }))}
        required
      />
      <SegmentedControl
        label={t('create.kind')}
        value={kind}
        onValueChange={setKind}
        options={(['current', 'savings'] as const).map((value) => ({ value, label: t(`kind.${value}`) }))}
      />
      <p className="app-muted">{t(`kind.${kind}Hint`)}</p>
      <TextField
        label={t('create.name')}
        hint={t('create.nameHint', { max: WALLET_NAME_MAX_CHARS })}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? undefined}
        maxLength={WALLET_NAME_MAX_CHARS + 10}
        autoComplete="off"
      />
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('create.creating')}>
        {t('create.submit')}
      </Button>
    </form>
  );
}
