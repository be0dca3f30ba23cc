/**
 * The audit log of authentication events: who (when known), what, the outcome, from which address. Never a
 * password, code or token. Staff read it through customer lookup (ARCHITECTURE.md, console).
 */
import type { IdentityDb } from '../../database.ts';

/** An authentication event. */
export interface AuditEvent {
  readonly userId?: string | null;
  readonly event: string;
  readonly outcome: 'success' | 'failure' | 'refused';
  readonly ip?: string;
  readonly detail?: Record<string, unknown>;
}

/** Appends an event to the audit log. */
export async function audit(db: IdentityDb, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      user_id: event.userId ?? null,
      event: event.event,
      outcome: event.outcome,
      ip: event.ip ?? null,
      detail: JSON.stringify(event.detail ?? {}),
    })
    .execute();
}
