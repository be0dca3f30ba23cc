/**
 * The payment-processor adapter: what cash operations asks of a card processor (Stripe, Adyen, Checkout.com all
 * offer these steps). The browser gives card details to the processor's hosted field and gets a token; cash
 * operations only ever sees that token and the card's brand, last 4 digits and expiry, so a raw card number never
 * reaches our database (PCI DSS scope stays with the processor).
 *
 * The default processor is the built-in simulator (processor-simulator.ts), mounted as its own service under
 * /processor-sim with its own schema, reached in-process through {@link PROCESSOR_CLIENT}, as a real adapter would
 * be reached over HTTPS. Webhooks are {@link PaymentProcessor.onPaymentUpdate}.
 */
import type { ServiceClientKey } from '@tessera/platform';

/** What a processor tells about a tokenised card. */
export interface ProcessorCard {
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/**
 * A payment's state at the processor: requires_action (3-D Secure challenge pending), authorised (funds reserved
 * on the card), captured (charged), declined (refused at authorisation), failed (3-D Secure failed), cancelled
 * (authorisation released).
 */
export type ProcessorPaymentStatus =
  'requires_action' | 'authorised' | 'captured' | 'declined' | 'failed' | 'cancelled';

export interface ProcessorPayment {
  readonly id: string;
  /** Our reference (the operation id): the processor's idempotency key for authorisations. */
  readonly reference: string;
  readonly status: ProcessorPaymentStatus;
  /** Where the customer completes 3-D Secure, while requires_action. */
  readonly actionUrl: string | null;
  readonly declineCode: string | null;
  readonly card: ProcessorCard;
}

/** What an authorisation needs. `amount` is decimal text of `currency`. */
export interface AuthorisationRequest {
  readonly reference: string;
  readonly token: string;
  readonly amount: string;
  readonly currency: string;
  /** A path of our site the 3-D Secure page sends the customer back to. */
  readonly returnUrl: string;
  readonly locale: 'en' | 'fr';
}

/** The processor as cash operations uses it. Every call is idempotent. */
export interface PaymentProcessor {
  readonly name: string;
  /** The card behind a token, or null when the token is unknown. */
  describeToken(token: string): Promise<ProcessorCard | null>;
  /** Authorises (or returns the payment already made for `reference`). */
  authorize(request: AuthorisationRequest): Promise<ProcessorPayment>;
  capture(paymentId: string): Promise<ProcessorPayment>;
  cancel(paymentId: string): Promise<ProcessorPayment>;
  getPayment(paymentId: string): Promise<ProcessorPayment | null>;
  /** Webhooks: `listener(payment)` after the processor changes a payment on its own (a 3-D Secure outcome). */
  onPaymentUpdate(listener: (payment: ProcessorPayment) => Promise<void>): void;
}

/** The in-process client key under which the processor simulator service offers its {@link PaymentProcessor}. */
export const PROCESSOR_CLIENT: ServiceClientKey<PaymentProcessor> = { service: 'processor-sim' };
