import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/icons';
import { LEGAL_UI, type LegalBlock, type LegalDoc } from '../../texts/legal';
import { usePageTitle } from './PublicLayout';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block) {
    const items = block.list.map((item) => {
      // "Hesap bilgileri: …" → the term before the colon in bold
      const cut = item.indexOf(': ');
      return (
        <li key={item} className="pl-1">
          {cut > 0 && cut < 110 ? (
            <>
              <strong className="font-semibold text-stone-900">{item.slice(0, cut + 1)}</strong>
              {item.slice(cut + 1)}
            </>
          ) : (
            item
          )}
        </li>
      );
    });
    return block.ordered ? <ol className="list-decimal space-y-2 pl-5 marker:text-stone-400">{items}</ol> : <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">{items}</ul>;
  }
  return (
    <p>
      <Link to={block.link.to} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800">
        {block.link.label}
        <Icon name="arrowRight" className="h-4 w-4" />
      </Link>
    </p>
  );
}

function Toc({ doc }: { doc: LegalDoc }) {
  return (
    <ol className="space-y-0.5 px-2 pb-3 pt-1 text-sm lg:-mx-2 lg:px-0 lg:pt-3">
      {doc.sections.map((s) => (
        <li key={s.id}>
          <a href={`#${s.id}`} className="block rounded-lg px-2 py-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900">
            {s.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A legal text (privacy policy, terms of use): title, table of contents, numbered sections. */
export function LegalPage({ doc, related }: { doc: LegalDoc; related: { to: string; label: string } }) {
  usePageTitle(doc.title);
  // a deep link (/kullanim-sozlesmesi#adres-degisikligi) opened directly: this page is loaded
  // lazily, so the browser's own jump happened before the section existed
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only once, on arrival
  }, []);
  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">{doc.title}</h1>
          <p className="mt-3 max-w-2xl text-base leading-relaxed text-stone-600">{doc.summary}</p>
          <p className="mt-4 text-sm text-stone-500">
            {LEGAL_UI.updated}: <time>{doc.updated}</time>
          </p>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:py-14">
        <nav aria-label={LEGAL_UI.toc} className="lg:sticky lg:top-24 lg:self-start">
          {/* phones: a folded list above the text; desktop: always open beside it */}
          <details className="group rounded-2xl border border-stone-200 bg-stone-50 lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-stone-900">
              {LEGAL_UI.toc}
              <Icon name="chevron" className="h-4 w-4 -rotate-90 text-stone-500 transition group-open:rotate-90" />
            </summary>
            <Toc doc={doc} />
          </details>
          <div className="hidden lg:block">
            <p className="text-sm font-semibold text-stone-900">{LEGAL_UI.toc}</p>
            <Toc doc={doc} />
          </div>
        </nav>
        <article className="min-w-0 max-w-3xl text-[15px] leading-7 text-stone-700 sm:text-base">
          <div className="space-y-4">
            {doc.intro.map((p) => (
              <p key={p} className="text-stone-800">
                {p}
              </p>
            ))}
          </div>
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-xl font-semibold tracking-tight text-stone-900">
                {s.title}
              </h2>
              <div className="mt-3 space-y-4">
                {s.blocks.map((b, i) => (
                  <Block key={i} block={b} />
                ))}
              </div>
            </section>
          ))}
          <div className="mt-12 flex flex-col gap-4 rounded-2xl bg-stone-50 p-6 ring-1 ring-stone-200 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-semibold text-stone-900">{LEGAL_UI.questions}</p>
              <p className="text-sm text-stone-600">{LEGAL_UI.questionsText}</p>
            </div>
            <Link to="/iletisim" className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
              {LEGAL_UI.contact}
            </Link>
          </div>
          <p className="mt-6 text-sm text-stone-600">
            {LEGAL_UI.related}:{' '}
            <Link to={related.to} className="font-semibold text-brand-700 hover:text-brand-800">
              {related.label}
            </Link>
          </p>
        </article>
      </div>
    </>
  );
}
