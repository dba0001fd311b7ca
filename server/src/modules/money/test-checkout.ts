/**
 * The `test` provider's checkout page (decisions 5), served by Negayno at the checkout URL: the sum to
 * be charged and Pay / Decline buttons whose script posts `POST /api/payment/test/{orderId}` and then
 * returns to Negayno, where the wallet shows the result. A plain page with no app bundle: it stands in
 * for a provider's site. The script is a file of its own because the CSP allows no inline script.
 */
import { escapeHtml, orderIdParam } from '@negayno/shared/contract';
import type { FastifyInstance } from 'fastify';
import { languageOf } from '../../http/language.js';
import { plainPage } from '../../http/plain-page.js';
import { requireUser, userOf } from '../auth/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { findPaymentOrder } from './repo.js';

const TEXTS = {
  uk: {
    title: 'Тестова оплата',
    charge: 'До сплати карткою',
    includes: 'разом з комісією',
    pay: 'Сплатити',
    decline: 'Відхилити',
    gone: 'Замовлення не знайдено або вже оплачено',
    back: 'Повернутися до Negayno',
    failed: 'Не вдалося — спробуйте ще раз',
  },
  en: {
    title: 'Test payment',
    charge: 'To be charged to the card',
    includes: 'card fee included',
    pay: 'Pay',
    decline: 'Decline',
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

const STYLE = `
.total { font-size: 32px; font-weight: 600; margin: 4px 0; }
.row { display: flex; gap: 12px; margin-top: 24px; }
button { flex: 1; font: inherit; padding: 10px; border-radius: 4px; border: 1px solid GrayText; cursor: pointer; }
button[data-result="success"] { background: #0f6cbd; color: #fff; border-color: #0f6cbd; }
button:focus-visible { outline: 2px solid #0f6cbd; outline-offset: 2px; }
`;

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
    const returnPath = order?.project_id ? `/project/${order.project_id}` : '/';
    const body = payable
      ? `<main data-order="${escapeHtml(order.order_id)}" data-return="${escapeHtml(`${returnPath}?payment=${order.order_id}`)}" data-failed="${escapeHtml(text.failed)}">
  <h1>${text.title}</h1>
  <div>${text.charge}</div>
  <div class="total" data-testid="checkout-total">${escapeHtml(new Intl.NumberFormat(language === 'uk' ? 'uk-UA' : 'en-GB', { style: 'currency', currency: order.currency }).format((order.amount + order.fee) / 100))}</div>
  <div>${text.includes}</div>
  <div class="row"><button type="button" data-result="failure" disabled>${text.decline}</button><button type="button" data-result="success" disabled>${text.pay}</button></div>
  <p id="status" role="status" aria-live="polite"></p>
</main>
<script src="/api/payment/test/checkout.js" type="module"></script>`
      : `<main><h1>${text.title}</h1><p>${text.gone}</p><a href="/">${text.back}</a></main>`;
    return reply
      .code(payable ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(plainPage(language, text.title, body, STYLE));
  });
}
