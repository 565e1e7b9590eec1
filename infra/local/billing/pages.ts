import type Stripe from 'stripe';
import { formatPrice, PLANS } from '../../../shared/plans.js';
import { planForPrice } from '../../../functions/features/billing/provider/config.js';
import type { LocalCheckoutSession, LocalPortalSession } from './local-provider.js';

/** The local stand-ins for Stripe's hosted checkout and customer portal pages: plain HTML forms. */

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const STYLE =
  `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,'Segoe ` +
  `UI',Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
  main{max-width:34rem;margin:3rem auto;padding:0 1rem}
  .card{background:#fff;border-radius:.75rem;box-shadow:0 10px 30px rgba(15,23,42,.08);padding:2rem}
  .badge{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;` +
  `color:#92400e;background:#fef3c7;border-radius:999px;padding:.15rem .6rem}
  h1{font-size:1.5rem;margin:.75rem 0 .25rem}
  h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
  .price{font-size:2rem;font-weight:800;margin:.5rem 0}
  .price small{font-size:1rem;font-weight:500;color:#475569}
  ul{padding-left:1.2rem;margin:.5rem 0 1rem}
  .muted{color:#475569;font-size:.9rem}
  .notice{background:#eef2ff;color:#312e81;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0;font-size:.9rem}
  button{font:inherit;font-weight:700;border:0;border-radius:.5rem;padding:.8rem ` +
  `1.2rem;cursor:pointer;background:#4338ca;color:#fff;width:100%}
  button.secondary{background:#e2e8f0;color:#0f172a;width:auto}
  button.danger{background:#b91c1c;width:auto}
  form{margin:.5rem 0}
  .row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.75rem}
  .row form{margin:0}
  a{color:#3730a3}
  .sub{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;margin:.75rem 0}
`;

export function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
    `content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Design Club (local billing)</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
  );
}

export function checkoutPage(session: LocalCheckoutSession, email: string | undefined): string {
  const plan = planForPrice(session.price_id);
  if (session.status === 'complete') {
    return page(
      'Checkout complete',
      `<div class="card"><h1>This checkout is complete</h1><p><a href="${escapeHtml(session.success_url)}">Continue ` +
        `to Design Club</a></p></div>`,
    );
  }
  const amount = plan ? `${formatPrice(plan.monthlyPrice)}.00` : '';
  const featureList = plan
    ? `<ul>${[plan.dialogLimit, ...plan.features].map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
    : '';
  return page(
    `Subscribe to ${plan?.name ?? 'Design Club'}`,
    `<div class="card">
  <span class="badge">Local test checkout</span>
  <h1>Subscribe to Design Club ${escapeHtml(plan?.name ?? '')}</h1>
  <p class="price">${escapeHtml(plan ? formatPrice(plan.monthlyPrice) : '')}<small> per month</small></p>
  ${featureList}
  <p class="muted">Billed to ${escapeHtml(email ?? 'your account')}</p>
  <p class="notice">This page stands in for Stripe Checkout on this machine. No card is charged: paying sends the
  app the same signed webhook events Stripe would.</p>
  <form method="post" action="/local-billing/checkout/${escapeHtml(session.id)}/pay">
    <button type="submit">Subscribe and pay ${escapeHtml(amount)}</button>
  </form>
  <p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>
</div>`,
  );
}

const when = (unixSeconds: number | null | undefined) =>
  unixSeconds
    ? new Date(unixSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : '—';

function subscriptionBlock(session: LocalPortalSession, subscription: Stripe.Subscription): string {
  const item = subscription.items.data[0]!;
  const plan = planForPrice(item.price.id);
  const action = (name: string, label: string, extra = '', className = 'secondary') =>
    `<form method="post" action="/local-billing/portal/${escapeHtml(session.id)}/${name}">
      <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">${extra}
      <button type="submit" class="${className}">${escapeHtml(label)}</button></form>`;
  const running = subscription.status !== 'canceled';
  const others = PLANS.filter((other) => other.tier !== plan?.tier);
  const cancelNote = subscription.cancel_at_period_end ? ' (cancels at the end of the period)' : '';
  const switchForms = others
    .map((other) =>
      action(
        'switch',
        `Switch to ${other.name}`,
        `<input type="hidden" name="tier" value="${escapeHtml(other.tier)}">`,
      ),
    )
    .join('');
  const resumeOrCancel = subscription.cancel_at_period_end
    ? action('resume', 'Keep my subscription')
    : action('cancel-at-period-end', 'Cancel at period end');
  return (
    `<div class="sub">
  <strong>${escapeHtml(plan?.name ?? item.price.id)}</strong> ` +
    `· ${escapeHtml(plan ? `${formatPrice(plan.monthlyPrice)} per month` : '')}<br>
  <span ` +
    `class="muted">Status: ${escapeHtml(subscription.status)}${cancelNote} ` +
    `·
  current period ends ${escapeHtml(when(item.current_period_end))}</span>
  ${
    running
      ? `<div class="row">
    ${switchForms}
    ${action('renew', 'Pay the next period now')}
    ${resumeOrCancel}
    ${action('cancel', 'Cancel now', '', 'danger')}
  </div>`
      : ''
  }
</div>`
  );
}

export function portalPage(
  session: LocalPortalSession,
  email: string | undefined,
  subscriptions: Stripe.Subscription[],
  notice?: string,
): string {
  const subscriptionBlocks = subscriptions.length
    ? subscriptions.map((subscription) => subscriptionBlock(session, subscription)).join('')
    : '<p>No subscriptions yet.</p>';
  return page(
    'Manage your plan',
    `<div class="card">
  <span class="badge">Local test portal</span>
  <h1>Manage your Design Club plan</h1>
  <p class="muted">${escapeHtml(email ?? '')}</p>
  ${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
  <h2>Subscriptions</h2>
  ${subscriptionBlocks}
  <p><a href="${escapeHtml(session.return_url)}">Return to Design Club</a></p>
</div>`,
  );
}

export const notFoundPage = () =>
  page(
    'Not found',
    '<div class="card"><h1>This billing session does not exist</h1><p><a href="/">Back to Design Club</a></p></div>',
  );
