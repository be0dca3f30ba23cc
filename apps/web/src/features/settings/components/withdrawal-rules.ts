import { getFee, type Beneficiary, type FeeCharge, type Wallet } from '@tessera/contracts';

/** The withdrawal fee of the fee schedule for a wallet's asset, as a decimal string (or null when free). */
export function withdrawalFee(beneficiary: Beneficiary, asset: string): string | null {
  const charge: FeeCharge = getFee(
    beneficiary.kind === 'iban' ? 'withdrawalSepa' : 'withdrawalCrypto',
  ).charge;
  if (charge.type === 'perAsset') {
    return charge.fees.find((fee) => fee.asset === asset)?.amount ?? null;
  }
  if (charge.type === 'fixed') {
    return charge.fee.amount;
  }
  return null;
}

/** The wallets a beneficiary can be paid from: euros for an IBAN, the same crypto-asset for an address. */
export function walletsFor(beneficiary: Beneficiary | undefined, wallets: readonly Wallet[]): Wallet[] {
  if (!beneficiary) {
    return [];
  }
  return wallets.filter(
    (wallet) =>
      wallet.status === 'open' &&
      (beneficiary.kind === 'iban' ? wallet.asset === 'EUR' : wallet.asset === beneficiary.asset),
  );
}
