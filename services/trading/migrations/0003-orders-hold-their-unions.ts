/**
 * An order's type, time in force and status, and a fill's side, are the contract's literal unions
 * (@tessera/contracts: ORDER_TYPES, TIME_IN_FORCE, ORDER_STATUSES, ORDER_SIDES; issue #14, "Orders are one
 * discriminated union from contracts to the venue"). The Kysely table types say so (orders.tables.ts); these checks
 * make the database refuse anything else, so a value the code cannot switch over never comes back from a read.
 * Every row written so far holds one of these values (the service only ever wrote the contract's values).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const ordersHoldTheirUnions: Migration = {
  async up(db) {
    await sql`
      alter table orders
        add constraint orders_type_check
          check (type in ('market', 'limit', 'stop', 'stop_limit', 'trailing_stop')),
        add constraint orders_time_in_force_check
          check (time_in_force in ('DAY', 'GTC', 'GTD', 'IOC', 'FOK')),
        add constraint orders_status_check
          check (status in ('accepted', 'rejected', 'working', 'partially_filled', 'filled', 'cancelled', 'expired'));
      alter table fills
        add constraint fills_side_check check (side in ('buy', 'sell'));
    `.execute(db);
  },
};
