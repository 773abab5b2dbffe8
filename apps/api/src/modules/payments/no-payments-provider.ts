import { PAYMENT_MESSAGES } from '@wellbank/domain';
import { AppError } from '../../http/errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * A public server (APP_URL https) with no Stripe key and no ALLOW_TEST_CHECKOUT=1: no checkout
 * opens (503), and no checkout session is known, so neither the test checkout's "pay" nor a
 * return call marks anything paid (decision 0046).
 */
export function createNoPaymentsProvider(): PaymentProvider {
  return {
    name: 'none',
    async createCheckout() {
      throw new AppError('unavailable', PAYMENT_MESSAGES.paymentsOff);
    },
    async retrieveCheckout() {
      return undefined;
    },
  };
}
