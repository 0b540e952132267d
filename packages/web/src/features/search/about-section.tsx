import { Link } from 'react-router';
import { focusRing, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** The page's explanatory text and FAQ (spec 000 §2), written for this product. */
export function AboutSection() {
  const { m } = useI18n();
  return (
    <div className="mx-auto mt-20 max-w-5xl px-4 sm:px-6">
      <section aria-labelledby="how-title">
        <h2 id="how-title" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          {m.about.title}
        </h2>
        <p className={`mx-auto mt-3 max-w-2xl text-center leading-relaxed ${muted}`}>{m.about.intro}</p>
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {m.about.steps.map((step, i) => (
            <li
              key={step.title}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900/70"
            >
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-amber-100 text-sm font-bold text-amber-900 dark:bg-amber-400/15 dark:text-amber-300">
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className={`mt-1.5 text-sm leading-relaxed ${muted}`}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="verdicts-title" className="mt-16">
        <h2 id="verdicts-title" className="text-xl font-semibold tracking-tight">
          {m.about.verdictsTitle}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {m.about.verdicts.map((v) => (
            <div key={v.term} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <dt className="font-semibold">{v.term}</dt>
              <dd className={`mt-1 text-sm leading-relaxed ${muted}`}>{v.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="faq-title" className="mt-16">
        <h2 id="faq-title" className="text-xl font-semibold tracking-tight">
          {m.about.faqTitle}
        </h2>
        <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900/70">
          {m.about.faq.map((item) => (
            <details key={item.q} className="group">
              <summary
                className={`flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium [&::-webkit-details-marker]:hidden ${focusRing} focus-visible:outline-offset-[-2px]`}
              >
                {item.q}
                <span
                  aria-hidden="true"
                  className={`text-xl leading-none transition-transform group-open:rotate-45 ${muted}`}
                >
                  +
                </span>
              </summary>
              <div className={`space-y-3 px-5 pb-5 leading-relaxed ${muted}`}>
                {item.a.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
        <p className={`mt-6 text-sm ${muted}`}>
          {m.about.moreReading}{' '}
          <Link to="/library" className={link}>
            {m.about.libraryLink}
          </Link>
        </p>
      </section>
    </div>
  );
}
