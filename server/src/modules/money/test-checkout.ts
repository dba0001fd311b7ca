/**
 * The `test` provider's checkout page (decisions 5), served by Negayno at the checkout URL: the sum to
 * be charged and Pay / Decline buttons whose script posts `POST /api/payment/test/{orderId}` and then
 * returns to Negayno, where the wallet shows the result; Cancel declines it and goes back the same way.
 * A plain page with no app bundle: it stands in for a provider's site, in the app's look and with the
 * app's amounts ("5 075 грн", issue 33). The script is a file of its own because the CSP allows no inline script.
 */
import { BRAND, escapeHtml, formatMoney, orderIdParam } from '@negayno/shared/contract';
import type { FastifyInstance } from 'fastify';
import { languageOf } from '../../http/language.js';
import { plainPage } from '../../http/plain-page.js';
import { requireUser, userOf } from '../auth/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { returnPathOf } from './payments.js';
import { findPaymentOrder } from './repo.js';

const TEXTS = {
  uk: {
    title: 'Тестова оплата',
    notReal: 'Тестовий режим: гроші з картки не списуються',
    wallet: 'Поповнення гаманця',
    project: 'Поповнення балансу проєкту',
    amount: 'Сума',
    fee: 'Комісія картки',
    charge: 'До сплати карткою',
    pay: 'Сплатити {{total}}',
    decline: 'Відхилити',
    cancel: 'Скасувати та повернутися до Negayno',
    gone: 'Замовлення не знайдено або вже оплачено',
    back: 'Повернутися до Negayno',
    failed: 'Не вдалося — спробуйте ще раз',
  },
  en: {
    title: 'Test payment',
    notReal: 'Test mode: no money is taken from the card',
    wallet: 'Wallet top-up',
    project: 'Project balance top-up',
    amount: 'Amount',
    fee: 'Card fee',
    charge: 'To be charged to the card',
    pay: 'Pay {{total}}',
    decline: 'Decline',
    cancel: 'Cancel and go back to Negayno',
    gone: 'The order is not found or already paid',
    back: 'Back to Negayno',
    failed: 'That failed — please try again',
  },
} as const;

const SCRIPT = `
const root = document.querySelector('[data-order]');
const status = document.getElementById('status');
for (const button of document.querySelectorAll('button[data-result]')) {
  button.addEventListener('click', async () => {
    for (const other of document.querySelectorAll('button')) other.disabled = true;
    try {
      const response = await fetch('/api/payment/test/' + root.dataset.order, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ result: button.dataset.result }),
      });
      if (!response.ok) throw new Error(String(response.status));
      location.assign(root.dataset.return);
    } catch {
      status.textContent = root.dataset.failed;
      for (const other of document.querySelectorAll('button')) other.disabled = false;
    }
  });
  // The buttons come disabled: a click before this script ran would have done nothing.
  button.disabled = false;
}
`;

/** The app's look (ui/theme.ts, ui/Logo.tsx): its mark, its brand colour, Fluent's type and corners. */
const STYLE = `
:root { font-family: 'Segoe UI', system-ui, -apple-system, sans-serif; }
main { border-radius: 8px; box-shadow: 0 2px 8px rgb(0 0 0 / 14%); }
.brand { display: flex; align-items: center; gap: 8px; margin-bottom: 20px; font-size: 20px; font-weight: 700; letter-spacing: -0.02em; }
.note { font-size: 12px; padding: 6px 8px; border-radius: 4px; border: 1px solid GrayText; margin: 0 0 16px; }
dl { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 0 0 12px; }
dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.total { font-size: 32px; font-weight: 600; margin: 4px 0; font-variant-numeric: tabular-nums; }
.row { display: flex; gap: 12px; margin-top: 24px; }
button { flex: 1; font: inherit; font-weight: 600; padding: 8px 12px; min-height: 36px; border-radius: 4px; border: 1px solid GrayText; background: Canvas; color: CanvasText; cursor: pointer; }
button[data-result="success"] { background: ${BRAND.color}; color: #fff; border-color: ${BRAND.color}; }
button[data-result="success"]:hover { background: ${BRAND.colorStrong}; }
button.back { display: block; width: 100%; margin-top: 16px; border: none; background: none; color: LinkText; font-weight: 400; text-decoration: underline; }
button:focus-visible, a:focus-visible { outline: 2px solid ${BRAND.color}; outline-offset: 2px; }
`;

/** The product's mark, drawn as the app draws it. */
const MARK = `<div class="brand"><svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="${BRAND.color}"/><path d="${BRAND.bolt}" fill="#fff"/></svg><span>${BRAND.name}</span></div>`;

/** What the test checkout reads: the order, and whether the test provider is the one in use. */
export interface TestCheckoutServices {
  db: Db;
  config: Pick<Config, 'money'>;
}

export function registerTestCheckout(app: FastifyInstance, services: TestCheckoutServices): void {
  app.get('/payment/test/checkout.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));

  app.get('/payment/test/:orderId', { preHandler: requireUser }, async (request, reply) => {
    const language = languageOf(request);
    const text = TEXTS[language];
    const parsed = orderIdParam.safeParse((request.params as { orderId?: string }).orderId);
    const order = parsed.success ? await findPaymentOrder(services.db, parsed.data) : undefined;
    const payable =
      order && order.user_id === userOf(request).id && order.provider === 'test' && order.status === 'pending' && services.config.money.provider === 'test';
    const returnPath = order ? returnPathOf(order.project_id ? { kind: 'project', projectId: order.project_id } : { kind: 'wallet' }, order.return_path) : '/';
    const money = (amount: number) => escapeHtml(formatMoney(amount, order!.currency, language));
    const total = order ? money(order.amount + order.fee) : '';
    const body = payable
      ? `<main data-order="${escapeHtml(order.order_id)}" data-return="${escapeHtml(`${returnPath}?payment=${order.order_id}`)}" data-failed="${escapeHtml(text.failed)}">
  ${MARK}
  <p class="note" role="note">${text.notReal}</p>
  <h1>${order.project_id ? text.project : text.wallet}</h1>
  <dl><dt>${text.amount}</dt><dd>${money(order.amount)}</dd><dt>${text.fee}</dt><dd>${money(order.fee)}</dd></dl>
  <div>${text.charge}</div>
  <div class="total" data-testid="checkout-total">${total}</div>
  <div class="row"><button type="button" data-result="failure" disabled>${text.decline}</button><button type="button" data-result="success" disabled>${text.pay.replace('{{total}}', total)}</button></div>
  <button type="button" class="back" data-result="failure" data-testid="checkout-cancel" disabled>${text.cancel}</button>
  <p id="status" role="status" aria-live="polite"></p>
</main>
<script src="/api/payment/test/checkout.js" type="module"></script>`
      : `<main>${MARK}<h1>${text.title}</h1><p>${text.gone}</p><a href="/">${text.back}</a></main>`;
    return reply
      .code(payable ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(plainPage(language, text.title, body, STYLE));
  });
}
