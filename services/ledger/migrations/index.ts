/** The ledger's migrations, in the order they run (names sort in that order). */
import type { Migrations } from '@tessera/platform';
import { createLedger } from './0001-create-ledger.ts';
import { addLedgerVersion } from './0002-ledger-version.ts';
import { narrowerHistoryIndexes } from './0003-narrower-history-indexes.ts';
import { ownerIndexLeadsWithOwner } from './0004-owner-index-leads-with-owner.ts';
import { verificationRuns } from './0005-verification-runs.ts';

export const ledgerMigrations: Migrations = {
  '0001-create-ledger': createLedger,
  '0002-ledger-version': addLedgerVersion,
  '0003-narrower-history-indexes': narrowerHistoryIndexes,
  '0004-owner-index-leads-with-owner': ownerIndexLeadsWithOwner,
  '0005-verification-runs': verificationRuns,
};
