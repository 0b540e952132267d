import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useBillingTexts } from './billing-texts.ts';
import { formatMoney } from './format-money.ts';
import { PlanActions } from './plan-actions.tsx';
import { usePrices } from './use-prices.ts';

/**
 * `/pricing` (spec 001 §2): Free, the monthly "Premium" plan and Email Plus, with the amounts the card
 * is charged (from the server). Signed-out buttons go to /login and back; signed-in ones start checkout.
 */
export default function PricingPage() {
  const { m, locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.pricing;
  useDocumentMeta({ title: t.metaTitle, description: t.metaDescription }, useDefaultMeta());
  const { user } = useAuth();
  const prices = usePrices();
  const p = prices.data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">{t.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">{t.title}</h1>
        <p className={`mt-4 text-lg leading-relaxed ${muted}`}>{t.lead}</p>
      </header>

      {p && !p.payments_enabled && (
        <p
          role="note"
          className="mx-auto mt-8 flex max-w-2xl items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-500/40 dark:bg-amber-400/10 dark:text-amber-200"
        >
          <AlertIcon className="mt-0.5 shrink-0" />
          {billing.server.paymentsOff}
        </p>
      )}
      {prices.isError && (
        <p role="alert" className="mx-auto mt-8 max-w-2xl text-center text-red-700 dark:text-red-400">
          {t.loadFailed}
        </p>
      )}

      <div className="mt-10 grid items-stretch gap-6 lg:grid-cols-3">
        <PlanCard
          title={t.free.name}
          text={t.free.text}
          price={<Price amount={t.free.price} />}
          features={t.free.features}
        >
          <Link to="/username-search" className={`${button.secondary} w-full`}>
            {t.free.cta}
          </Link>
        </PlanCard>

        <PlanCard
          highlight
          title={t.monthly.name}
          text={t.monthly.text}
          price={p ? <Price amount={formatMoney(p.amounts.monthly, locale)} per={t.monthly.perMonth} /> : <Price />}
          features={
            p
              ? t.monthly.features.map((feature) =>
                  fill(feature, {
                    count: p.monthly_credits,
                    days: p.trial_days,
                    amount: formatMoney(p.amounts.trial, locale),
                    trialCount: p.trial_credits,
                  }),
                )
              : []
          }
        >
          {p && <PlanActions plan={user?.plan ?? null} stacked offNote={false} />}
        </PlanCard>

        <PlanCard
          title={m.email.modal.plusCard}
          badge={t.plus.badge}
          text={t.plus.text}
          price={p ? <Price amount={formatMoney(p.amounts.plus, locale)} per={t.plus.perMonth} /> : <Price />}
          features={[...m.email.modal.plusFeatures, t.plus.delivery, t.plus.renews]}
        >
          {/* A report needs a target address: it is ordered from the email search. */}
          {p?.payments_enabled === false ? (
            <button type="button" className={`${button.secondary} w-full`} disabled>
              {t.plus.cta}
            </button>
          ) : (
            <Link to="/email-search?plus=1" className={`${button.secondary} w-full`}>
              {t.plus.cta}
            </Link>
          )}
        </PlanCard>
      </div>
    </div>
  );
}

function Price({ amount, per }: { amount?: string; per?: string }) {
  const { m } = useI18n();
  if (amount === undefined) {
    return (
      <p className="mt-4 h-10" aria-busy="true">
        <span className="sr-only">{m.common.loading}</span>
      </p>
    );
  }
  return (
    <p className="mt-4 flex items-baseline gap-1.5">
      <span className="text-4xl font-bold tracking-tight tabular-nums">{amount}</span>
      {per && <span className={muted}>{per}</span>}
    </p>
  );
}

function PlanCard(props: {
  title: string;
  text: string;
  price: ReactNode;
  features: readonly string[];
  badge?: string;
  highlight?: boolean;
  children: ReactNode;
}) {
  const ring = props.highlight ? 'ring-2 ring-amber-600 dark:ring-amber-400' : '';
  return (
    <section className={`${card} ${ring} flex flex-col p-6`} aria-label={props.title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{props.title}</h2>
        {props.badge && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
            {props.badge}
          </span>
        )}
      </div>
      <p className={`mt-1 text-sm ${muted}`}>{props.text}</p>
      {props.price}
      <ul className="mt-5 space-y-2 text-sm">
        {props.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">{props.children}</div>
    </section>
  );
}
