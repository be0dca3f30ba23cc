/**
 * A symbol identifies one issuer token (docs/adr/0021-tokenized-fund-units.md, "Symbols are unique"): a partial
 * unique index on the upper-cased symbol of the funds of asset kind `token`, so two creations of the same symbol at
 * once cannot both win (the loser answers TOKENS_SYMBOL_TAKEN). Funds (asset kind `fund`) have no symbol.
 *
 * A database created before this migration may already hold tokens sharing a symbol. They are renamed first, in a
 * deterministic way: tokens are taken oldest first (`created_at`, then `number`); the first of a symbol keeps it
 * (upper-cased); each later one gets the smallest suffix n = 2, 3, … such that the symbol cut to 8 - (digits of n)
 * characters followed by n is no token's symbol yet (`ACME` → `ACME2`, `ACME3`; `ABCDEFGH` → `ABCDEFG2`). The result
 * still matches the contract's pattern (2 to 8 capital letters or digits).
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

/** The longest symbol the contract accepts (TOKEN_SYMBOL_PATTERN). */
const SYMBOL_MAX = 8;

/**
 * The new symbols of tokens sharing one, by id: `tokens` oldest first. Pure, so a test can check the rule itself.
 */
export function renamedDuplicateSymbols(
  tokens: ReadonlyArray<{ readonly id: string; readonly symbol: string }>,
): Map<string, string> {
  const taken = new Set(tokens.map((token) => token.symbol.trim().toUpperCase()));
  const kept = new Set<string>();
  const renamed = new Map<string, string>();
  for (const token of tokens) {
    const symbol = token.symbol.trim().toUpperCase();
    if (!kept.has(symbol)) {
      kept.add(symbol);
      if (symbol !== token.symbol) {
        renamed.set(token.id, symbol);
      }
      continue;
    }
    for (let n = 2; ; n += 1) {
      const suffix = String(n);
      const candidate = symbol.slice(0, SYMBOL_MAX - suffix.length) + suffix;
      if (!taken.has(candidate)) {
        taken.add(candidate);
        renamed.set(token.id, candidate);
        break;
      }
    }
  }
  return renamed;
}

export const uniqueTokenSymbols: Migration = {
  async up(db: AnyKysely) {
    const tokens = await sql<{ id: string; symbol: string }>`
      select id, symbol from funds
      where asset_kind = 'token' and symbol is not null
      order by created_at, number
    `.execute(db);
    for (const [id, symbol] of renamedDuplicateSymbols(tokens.rows)) {
      await sql`update funds set symbol = ${symbol} where id = ${id}`.execute(db);
    }
    await sql`
      create unique index funds_token_symbol_unique on funds (upper(symbol)) where asset_kind = 'token'
    `.execute(db);
  },
};
