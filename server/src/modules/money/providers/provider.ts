/**
 * A card provider behind one interface (decisions 5): it builds the checkout of an order, reads its
 * server callback (refusing anything it cannot verify), and answers an order's status when asked.
 */
import type { Checkout, Currency, PaymentProvider } from '@negayno/shared/contract';

export interface CheckoutOrder {
  orderId: string;
  /** Minor units charged to the card (the top-up plus the card fee). */
  total: number;
  currency: Currency;
  description: string;
  /** Where the payer returns to Negayno. */
  returnUrl: string;
}

/**
 * What a provider says of an order: paid, refused, or not decided yet; paid with a test card (`sandbox`,
 * which credits only where configured), or paid and then taken back (`reversed`).
 */
export type ProviderOutcome = 'success' | 'sandbox' | 'failure' | 'reversed' | 'pending';

export interface ProviderReport {
  orderId: string;
  outcome: ProviderOutcome;
  /** Minor units and currency as the provider reports them; matched against the stored order. */
  total: number;
  currency: string;
  /** The provider's own status and error code, as it sent them: for the log. */
  providerStatus?: string;
  providerCode?: string;
}

export interface CardProvider {
  readonly name: PaymentProvider;
  checkout(order: CheckoutOrder): Checkout;
  /** A verified callback's report, or null for a forged or malformed one. */
  verifyCallback(fields: { data: string; signature: string }): ProviderReport | null;
  /** Asks the provider about an order whose callback never came; null when it cannot tell. */
  status(orderId: string): Promise<ProviderReport | null>;
}
