import type { ReactNode } from 'react';
import { Link } from 'react-router';
// deep imports: the contract's index also loads zod, which the landing page does not need
import { formatPrice } from '@qrmenu/contract/src/format.js';
import { PLANS, USER_LEVELS, type Plan } from '@qrmenu/contract/src/plans.js';
import { Icon } from '../../components/icons';
import { cx } from '../../components/ui';
import { CONTACT_SECTION_TEXT, FEATURES_TEXT, HERO_TEXT, HOW_TEXT, PRICING_TEXT } from '../../texts/public';
import { ContactForm } from './ContactForm';

/**
 * Landing page `/` (spec §1, §2, §9): banner, hero, the six benefits, the four steps, the three
 * plans, the contact form. Eagerly loaded and image-free (inline SVG, an HTML phone), so it paints
 * at once on a phone.
 */
export default function Landing() {
  return (
    <>
      <Hero />
      <Features />
      <How />
      <Pricing />
      <ContactSection />
    </>
  );
}

const primaryBtn = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800';
const secondaryBtn = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 py-3 text-base font-semibold text-stone-800 shadow-sm ring-1 ring-stone-300 transition hover:bg-stone-50';

/** `/qr/demo` is rendered by the server: a plain link, i.e. a full page load. */
function DemoLink({ className }: { className: string }) {
  return (
    <a href="/qr/demo" className={className}>
      <Icon name="qr" className="h-5 w-5" />
      {HERO_TEXT.demo}
    </a>
  );
}

function SectionHeading({ eyebrow, title, lead, id }: { eyebrow: string; title: string; lead?: string; id: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-base leading-relaxed text-stone-600">{lead}</p> : null}
    </div>
  );
}

/** A landing section the navigation scrolls to: room for the sticky header, focusable target. */
function Section({ id, className, labelledBy, children }: { id: string; className?: string; labelledBy: string; children: ReactNode }) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={labelledBy} className={cx('scroll-mt-16 py-16 focus:outline-none sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

function Hero() {
  const m = HERO_TEXT.mock;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div aria-hidden className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-brand-100/70 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-10 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:pb-24 lg:pt-20">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200 sm:text-sm">
            <Icon name="scan" className="h-4 w-4" />
            {HERO_TEXT.eyebrow}
          </p>
          <h1 id="hero-title" className="mt-5 text-[2.125rem] font-extrabold leading-tight tracking-tight text-balance text-stone-900 sm:text-5xl">
            {HERO_TEXT.title}
            <span className="mt-2 block text-2xl font-bold text-brand-700 sm:text-3xl">{HERO_TEXT.titleAccent}</span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base leading-relaxed text-stone-600 sm:text-lg lg:mx-0">{HERO_TEXT.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Link to="/register" className={primaryBtn}>
              {HERO_TEXT.register}
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <DemoLink className={secondaryBtn} />
          </div>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-stone-600 lg:justify-start">
            {HERO_TEXT.trust.map((t) => (
              <li key={t} className="flex items-center gap-1.5">
                <Icon name="check" className="h-4 w-4 text-emerald-600" />
                {t}
              </li>
            ))}
          </ul>
        </div>

        {/* a phone showing a menu: drawn in HTML, no image to download */}
        <div aria-hidden className="relative mx-auto w-full max-w-[280px] select-none sm:max-w-[300px]">
          <div className="rounded-[2.5rem] bg-stone-900 p-2.5 shadow-2xl shadow-brand-900/20 ring-1 ring-stone-800">
            <div className="overflow-hidden rounded-[2rem] bg-stone-50">
              <div className="flex justify-center bg-brand-700 pb-1 pt-2">
                <span className="h-1.5 w-16 rounded-full bg-black/25" />
              </div>
              <div className="bg-brand-700 px-5 pb-5 pt-2 text-white">
                <p className="text-xs text-brand-100">{m.table}</p>
                <p className="text-xl font-bold">{m.business}</p>
              </div>
              <div className="flex gap-2 px-4 pt-4">
                {m.categories.map((c, i) => (
                  <span key={c} className={cx('rounded-full px-3 py-1 text-xs font-semibold', i === 0 ? 'bg-brand-700 text-white' : 'bg-white text-stone-600 ring-1 ring-stone-200')}>
                    {c}
                  </span>
                ))}
              </div>
              <ul className="space-y-3 p-4">
                {m.items.map((it, i) => (
                  <li key={it.name} className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-100">
                    <span className={cx('h-14 w-14 shrink-0 rounded-xl bg-gradient-to-br', ['from-amber-200 to-orange-300', 'from-orange-200 to-red-300', 'from-yellow-100 to-amber-200'][i])} />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold leading-snug text-stone-900">{it.name}</span>
                      <span className="block truncate text-xs text-stone-500">{it.text}</span>
                      <span className="mt-0.5 block text-sm font-bold text-brand-700">{formatPrice(it.price)}</span>
                    </span>
                  </li>
                ))}
              </ul>
              <div className="h-6" />
            </div>
          </div>
          <div className="absolute -bottom-5 left-0 flex items-center gap-3 rounded-2xl bg-white p-3 pr-4 shadow-xl ring-1 ring-stone-200 sm:-left-10">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name="qr" className="h-7 w-7" />
            </span>
            <span>
              <span className="block text-sm font-semibold text-stone-900">{m.scan}</span>
              <span className="block text-xs text-stone-500">{m.scanHint}</span>
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

function Features() {
  return (
    <Section id="features" labelledBy="features-title">
      <SectionHeading id="features-title" eyebrow={FEATURES_TEXT.eyebrow} title={FEATURES_TEXT.title} lead={FEATURES_TEXT.lead} />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {FEATURES_TEXT.items.map((f) => (
          <li key={f.title} className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md sm:block sm:p-6">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 sm:h-12 sm:w-12">
              <Icon name={f.icon} className="h-6 w-6" />
            </span>
            <span className="block">
              <h3 className="text-base font-semibold text-stone-900 sm:mt-4 sm:text-lg">{f.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-stone-600 sm:mt-2">{f.text}</p>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function How() {
  return (
    <Section id="how" labelledBy="how-title" className="bg-stone-50">
      <SectionHeading id="how-title" eyebrow={HOW_TEXT.eyebrow} title={HOW_TEXT.title} />
      <ol className="relative mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {HOW_TEXT.steps.map((s, i) => (
          <li key={s.title} className="relative flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 md:block md:p-6">
            <div className="flex shrink-0 items-center justify-between">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white" aria-hidden>
                {i + 1}
              </span>
              <Icon name={s.icon} className="hidden h-7 w-7 text-brand-600 md:block" />
            </div>
            <span className="block">
              <h3 className="text-base font-semibold text-stone-900 md:mt-4 md:text-lg">
                <span className="sr-only">{i + 1}. </span>
                {s.title}
              </h3>
              <p className="mt-1 text-sm leading-relaxed text-stone-600 md:mt-2">{s.text}</p>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-12 flex flex-col items-center gap-6 rounded-3xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10 lg:flex-row lg:justify-between lg:text-left">
        <div>
          <h3 className="text-2xl font-bold">{HOW_TEXT.ctaTitle}</h3>
          <p className="mt-2 max-w-xl text-brand-100">{HOW_TEXT.ctaText}</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/register" className="inline-flex min-h-12 items-center justify-center rounded-xl bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50">
            {HERO_TEXT.register}
          </Link>
          <DemoLink className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 py-3 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10" />
        </div>
      </div>
    </Section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const T = PRICING_TEXT;
  const free = plan.priceTl === 0;
  const highlighted = plan.available;
  return (
    <li
      data-testid="plan"
      data-level={plan.level}
      className={cx('relative flex flex-col rounded-3xl bg-white p-6 shadow-sm sm:p-8', highlighted ? 'ring-2 ring-brand-600' : 'ring-1 ring-stone-200')}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xl font-bold text-stone-900">{plan.name}</h3>
        {highlighted ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">{T.recommended}</span>
        ) : (
          <span className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-semibold text-stone-600 ring-1 ring-inset ring-stone-200">{T.comingSoonBadge}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-600">{T.audience[plan.level]}</p>
      <p className="mt-6 flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-4xl font-extrabold tracking-tight text-stone-900">{free ? T.free : formatPrice(plan.priceTl)}</span>
        {free ? null : <span className="text-sm font-medium text-stone-500">{T.perMonth}</span>}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-stone-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-3">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            {f}
          </li>
        ))}
      </ul>
      <Link to="/register" className={cx('mt-8', highlighted ? primaryBtn : secondaryBtn)}>
        {plan.available ? T.start : T.comingSoon}
      </Link>
      {plan.available ? null : <p className="mt-2 text-center text-xs text-stone-500">{T.comingSoonNote}</p>}
    </li>
  );
}

function Pricing() {
  return (
    <Section id="pricing" labelledBy="pricing-title">
      <SectionHeading id="pricing-title" eyebrow={PRICING_TEXT.eyebrow} title={PRICING_TEXT.title} lead={PRICING_TEXT.lead} />
      <ul className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3">
        {USER_LEVELS.map((level) => (
          <PlanCard key={level} plan={PLANS[level]} />
        ))}
      </ul>
    </Section>
  );
}

function ContactSection() {
  const T = CONTACT_SECTION_TEXT;
  return (
    <Section id="contact" labelledBy="contact-title" className="bg-stone-50">
      <div className="grid gap-10 lg:grid-cols-5 lg:gap-12">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{T.eyebrow}</p>
          <h2 id="contact-title" className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {T.title}
          </h2>
          <p className="mt-3 leading-relaxed text-stone-600">{T.lead}</p>
          <ul className="mt-8 space-y-5">
            {T.points.map((p) => (
              <li key={p.title} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
                  <Icon name={p.icon} className="h-5 w-5" />
                </span>
                <span>
                  <span className="block font-semibold text-stone-900">{p.title}</span>
                  <span className="block text-sm text-stone-600">{p.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <Link to="/iletisim" className="mt-8 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800">
            {T.more}
            <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </div>
        <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8 lg:col-span-3">
          <ContactForm idPrefix="landing-contact" />
        </div>
      </div>
    </Section>
  );
}
