/**
 * Issuer tokens (docs/adr/0021-tokenized-fund-units.md): a fund row of asset kind `token` (issued by a verified
 * customer, no composition, its price per unit is its par value) beside the funds (`fund`, the default). The
 * tokenized-assets transfers also record mints and burns.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const createIssuerTokens: Migration = {
  async up(db: AnyKysely) {
    await sql`
      alter table funds add column asset_kind text not null default 'fund'
        check (asset_kind in ('fund', 'token'));
      alter table funds add column symbol text;
      alter table funds add column par_value text;
      alter table token_transfers drop constraint token_transfers_kind_check;
      alter table token_transfers add constraint token_transfers_kind_check
        check (kind in ('transfer', 'forced', 'mint', 'burn'));
    `.execute(db);
  },
};
