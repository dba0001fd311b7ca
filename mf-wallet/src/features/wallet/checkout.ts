import type { Checkout } from '@negayno/shared/contract';

/**
 * Sends the browser to the provider's checkout: the test provider's page is a plain address of ours;
 * LiqPay's checkout takes a form POST of `data` and `signature`.
 */
export function goToCheckout(checkout: Checkout): void {
  if (!checkout.data || !checkout.signature) {
    window.location.assign(checkout.checkoutUrl);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.checkoutUrl;
  form.acceptCharset = 'utf-8';
  for (const [name, value] of [
    ['data', checkout.data],
    ['signature', checkout.signature],
  ] as const) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
