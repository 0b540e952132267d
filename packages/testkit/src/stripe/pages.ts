/**
 * The hosted pages a browser visits: Checkout (`/checkout/:id`), the customer portal (`/portal/:id`) and
 * hosted invoices (`/invoices/:id`). Plain server-rendered HTML with real forms, labelled inputs and
 * plainly named controls ("Pay", "Cancel", "Cancel subscription", "Renew subscription", "Return"), so
 * browser tests can drive them by role and name exactly as they would Stripe's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Billing } from './billing.ts';
import { expireIfDue, pay } from './checkout.ts';
import { readBody, redirect, sendHtml } from './http.ts';
import { formatMoney } from './payments.ts';
import type { Store } from './store.ts';
import type { FakeCheckoutSession, FakeInvoice, FakePortalSession, FakeSubscription } from './types.ts';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function date(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  .mode { display: inline-block; font-size: .75rem; background: #ffde92; color: #5c3c00; border-radius: 4px;
          padding: 0 .4rem; margin-bottom: 1rem; }
  table { width: 100%; border-collapse: collapse; margin: .5rem 0; }
  caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
  th, td { text-align: left; padding: .4rem 0; border-bottom: 1px solid #e3e8ee; vertical-align: top; }
  td.amount, th.amount { text-align: right; }
  tfoot th, tfoot td { font-weight: 600; border-bottom: 0; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: .5rem; border: 1px solid #a3acb9; border-radius: 4px; }
  input[aria-invalid="true"] { border-color: #df1b41; }
  button { font: inherit; font-weight: 600; padding: .6rem 1.2rem; border: 0; border-radius: 4px; background: #635bff;
           color: #fff; cursor: pointer; margin-top: 1rem; }
  button.secondary { background: #fff; color: #df1b41; border: 1px solid #df1b41; }
  .error { color: #df1b41; margin: .25rem 0 0; } .note { color: #4f566b; font-size: .9rem; }
  .actions { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="mode">Test mode — fake Stripe</p>
${body}
</main>
</body>
</html>
`;
}

export class Pages {
  constructor(
    private readonly store: Store,
    private readonly billing: Billing,
  ) {}

  /** Answers a page request; false when the path is not a page. */
  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const method = request.method ?? 'GET';
    const [, kind, id, action, ...rest] = url.pathname.split('/');
    if (rest.length > 0 || !id) return false;
    const key = decodeURIComponent(id);
    const page = `${method} ${kind}${action ? `/${action}` : ''}`;
    switch (page) {
      case 'GET checkout':
        this.checkoutPage(response, key);
        return true;
      case 'POST checkout/pay':
        this.pay(response, key, new URLSearchParams(await readBody(request)).get('card') ?? '');
        return true;
      case 'GET checkout/cancel':
        this.cancelCheckout(response, key);
        return true;
      case 'GET portal':
        this.portalPage(response, key);
        return true;
      case 'POST portal/cancel':
      case 'POST portal/renew': {
        const subscription = new URLSearchParams(await readBody(request)).get('subscription') ?? '';
        this.portalAction(response, key, action === 'cancel' ? 'cancel' : 'renew', subscription);
        return true;
      }
      case 'GET invoices':
        this.invoicePage(response, key);
        return true;
    }
    return false;
  }

  private notFound(response: ServerResponse, what: string) {
    sendHtml(response, 404, layout('Not found', `<h1>Not found</h1><p>There is no ${esc(what)} here.</p>`));
  }

  // ---- checkout -------------------------------------------------------------------------------------

  private checkoutPage(
    response: ServerResponse,
    id: string,
    error?: { status: number; message: string; card: string },
  ) {
    const session = this.store.sessions.get(id);
    if (!session) return this.notFound(response, 'checkout session');
    this.store.instant(() => expireIfDue(this.store, session));
    if (session.status !== 'open') return this.closedCheckout(response, session);
    const plan = this.store.sessionPlans.get(id)!;
    const trial = plan.trialDays;
    const rows = plan.lines.map((line) => {
      const price = this.store.prices.get(line.price)!;
      const name = this.store.products.get(price.product)?.name ?? price.id;
      const each = formatMoney(price.unit_amount, price.currency);
      const recurring = price.type === 'recurring';
      const detail = recurring
        ? trial
          ? `${trial} days free, then ${each} / month`
          : `${each} / month`
        : line.quantity > 1
          ? `${line.quantity} × ${each}`
          : 'One-time payment';
      const due = recurring && trial ? 0 : price.unit_amount * line.quantity;
      return `<tr><th scope="row">${esc(name)}<br><span class="note">${esc(detail)}</span></th><td class="amount">${formatMoney(due, price.currency)}</td></tr>`;
    });
    const recurring = plan.lines
      .map((line) => this.store.prices.get(line.price)!)
      .filter((price) => price.type === 'recurring')
      .reduce((sum, price) => sum + price.unit_amount, 0);
    const after =
      session.mode === 'subscription'
        ? `<p class="note">${trial ? `After the ${trial}-day trial you will be charged` : 'Then'} ${formatMoney(recurring, session.currency)} every month until you cancel.</p>`
        : '';
    const errorHtml = error ? `<p id="card-error" class="error" role="alert">${esc(error.message)}</p>` : '';
    const body = `
<h1>Pay Hound</h1>
${session.customer_email || session.customer ? `<p class="note">${esc(this.customerLabel(session))}</p>` : ''}
<table>
<caption>Order summary</caption>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot><tr><th scope="row">Total due today</th><td class="amount">${formatMoney(session.amount_total, session.currency)}</td></tr></tfoot>
</table>
${after}
<form method="post" action="/checkout/${esc(id)}/pay">
<label for="card">Card number</label>
<input id="card" name="card" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${esc(error?.card ?? '')}"${error ? ' aria-invalid="true" aria-describedby="card-error"' : ''} required>
${errorHtml}
<div class="actions">
<button type="submit">Pay</button>
<a href="/checkout/${esc(id)}/cancel">Cancel</a>
</div>
</form>
<p class="note">Test cards: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined.</p>`;
    sendHtml(response, error?.status ?? 200, layout('Pay Hound — Checkout', body));
  }

  private customerLabel(session: FakeCheckoutSession): string {
    const customer = session.customer ? this.store.customers.get(session.customer) : undefined;
    return `Paying as ${customer?.email ?? session.customer_email ?? customer?.name ?? customer?.id ?? ''}`;
  }

  private closedCheckout(response: ServerResponse, session: FakeCheckoutSession) {
    if (session.status === 'expired') {
      const body = `<h1>This checkout session has expired</h1><p>Go back to Hound and start again.</p>${this.backLink(session.cancel_url)}`;
      return sendHtml(response, 410, layout('Checkout expired', body));
    }
    const body = `<h1>Payment complete</h1><p>This checkout session is already paid. Thank you!</p>${this.backLink(
      session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null,
    )}`;
    sendHtml(response, 200, layout('Payment complete', body));
  }

  private backLink(url: string | null): string {
    return url ? `<p><a href="${esc(url)}">Return to Hound</a></p>` : '';
  }

  private pay(response: ServerResponse, id: string, card: string) {
    if (!this.store.sessions.has(id)) return this.notFound(response, 'checkout session');
    const result = this.store.instant(() => pay(this.store, id, card));
    if (result.outcome === 'paid') {
      if (result.redirectUrl) return redirect(response, result.redirectUrl);
      return this.closedCheckout(response, this.store.sessions.get(id)!);
    }
    if (result.outcome === 'not_open') return this.closedCheckout(response, this.store.sessions.get(id)!);
    this.checkoutPage(response, id, {
      status: result.outcome === 'declined' ? 402 : 400,
      message: result.message,
      card,
    });
  }

  private cancelCheckout(response: ServerResponse, id: string) {
    const session = this.store.sessions.get(id);
    if (!session) return this.notFound(response, 'checkout session');
    if (session.cancel_url) return redirect(response, session.cancel_url);
    sendHtml(response, 200, layout('Checkout canceled', '<h1>Checkout canceled</h1><p>You were not charged.</p>'));
  }

  // ---- portal ---------------------------------------------------------------------------------------

  private portalPage(response: ServerResponse, id: string) {
    const portal = this.store.portalSessions.get(id);
    if (!portal) return this.notFound(response, 'portal session');
    const customer = this.store.customers.get(portal.customer);
    const subs = [...this.store.subscriptions.values()]
      .filter((s) => s.customer === portal.customer && s.status !== 'canceled')
      .reverse();
    const plans = subs.length
      ? subs.map((sub) => this.subscriptionBlock(portal, sub)).join('\n')
      : '<p>You have no active subscription.</p>';
    const invoices = [...this.store.invoices.values()].filter((i) => i.customer === portal.customer).reverse();
    const invoiceRows = invoices.map(
      (i) =>
        `<tr><td>${date(i.created)}</td><td><a href="${esc(i.hosted_invoice_url)}">${esc(i.number)}</a></td><td class="amount">${formatMoney(i.total, i.currency)}</td><td>${esc(statusWord(i.status))}</td></tr>`,
    );
    const invoiceTable = invoices.length
      ? `<table aria-labelledby="invoice-history"><thead><tr><th scope="col">Date</th><th scope="col">Invoice</th><th scope="col" class="amount">Amount</th><th scope="col">Status</th></tr></thead><tbody>${invoiceRows.join('')}</tbody></table>`
      : '<p>No invoices yet.</p>';
    const body = `
<h1>Hound billing</h1>
<p class="note">${esc(customer?.email ?? customer?.name ?? portal.customer)}</p>
<h2>Current plan</h2>
${plans}
<h2 id="invoice-history">Invoice history</h2>
${invoiceTable}
${portal.return_url ? `<p><a href="${esc(portal.return_url)}">Return</a></p>` : ''}`;
    sendHtml(response, 200, layout('Hound billing', body));
  }

  private subscriptionBlock(portal: FakePortalSession, sub: FakeSubscription): string {
    const item = sub.items.data[0]!;
    const name = this.store.products.get(item.price.product)?.name ?? item.price.id;
    const price = `${formatMoney(item.price.unit_amount * item.quantity, sub.currency)} per month`;
    const end = date(item.current_period_end);
    let state: string;
    if (sub.cancel_at_period_end) state = `Cancels on ${end}.`;
    else if (sub.status === 'trialing') state = `Trial ends on ${end}, then ${price}.`;
    else if (sub.status === 'past_due') state = `Your last payment failed. Renews on ${end}.`;
    else state = `Renews on ${end}.`;
    const action = sub.cancel_at_period_end
      ? `<form method="post" action="/portal/${esc(portal.id)}/renew"><input type="hidden" name="subscription" value="${esc(sub.id)}"><button type="submit">Renew subscription</button></form>`
      : `<form method="post" action="/portal/${esc(portal.id)}/cancel"><input type="hidden" name="subscription" value="${esc(sub.id)}"><button type="submit" class="secondary">Cancel subscription</button></form>`;
    return `<section aria-label="${esc(name)}">
<p><strong>${esc(name)}</strong> — ${esc(price)}</p>
<p>Status: ${esc(statusWord(sub.status))}. ${esc(state)}</p>
${action}
</section>`;
  }

  private portalAction(response: ServerResponse, id: string, action: 'cancel' | 'renew', subId: string) {
    const portal = this.store.portalSessions.get(id);
    if (!portal) return this.notFound(response, 'portal session');
    const sub = this.store.subscriptions.get(subId);
    if (!sub || sub.customer !== portal.customer) return this.notFound(response, 'subscription');
    this.store.instant(() => this.billing.setCancelAtPeriodEnd(sub, action === 'cancel'));
    redirect(response, `/portal/${id}`);
  }

  // ---- invoices -------------------------------------------------------------------------------------

  private invoicePage(response: ServerResponse, id: string) {
    const invoice = this.store.invoices.get(id);
    if (!invoice) return this.notFound(response, 'invoice');
    const rows = invoice.lines.data.map(
      (line) =>
        `<tr><th scope="row">${esc(line.description)}</th><td class="amount">${formatMoney(line.amount, line.currency)}</td></tr>`,
    );
    const body = `
<h1>Invoice ${esc(invoice.number)}</h1>
<p>Status: ${esc(statusWord(invoice.status))}${invoice.status_transitions.paid_at ? ` on ${date(invoice.status_transitions.paid_at)}` : ''}</p>
<p class="note">Billed to ${esc(invoice.customer_email ?? invoice.customer)} · issued ${date(invoice.created)} · period ${date(invoice.period_start)} – ${date(invoice.period_end)}</p>
<table>
<caption>Items</caption>
<tbody>${rows.join('')}</tbody>
<tfoot>
<tr><th scope="row">Total</th><td class="amount">${formatMoney(invoice.total, invoice.currency)}</td></tr>
<tr><th scope="row">Amount paid</th><td class="amount">${formatMoney(invoice.amount_paid, invoice.currency)}</td></tr>
</tfoot>
</table>`;
    sendHtml(response, 200, layout(`Invoice ${invoice.number}`, body));
  }
}

function statusWord(status: FakeSubscription['status'] | FakeInvoice['status']): string {
  const words: Record<string, string> = {
    trialing: 'Trial',
    active: 'Active',
    past_due: 'Past due',
    canceled: 'Canceled',
    unpaid: 'Unpaid',
    incomplete: 'Incomplete',
    draft: 'Draft',
    open: 'Due',
    paid: 'Paid',
    uncollectible: 'Uncollectible',
    void: 'Void',
  };
  return words[status] ?? status;
}
