import { Icon } from '../../components/icons';
import { CONTACT_PAGE_TEXT as T, CONTACT_SECTION_TEXT, HERO_TEXT } from '../../texts/public';
import { ContactForm } from './ContactForm';
import { usePageTitle } from './PublicLayout';

/** `/iletisim`: the full contact form (spec §2: name, surname, companyname, mail, tel, message). */
export default function Contact() {
  usePageTitle(T.title);
  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{T.title}</h1>
          <p className="mt-3 max-w-2xl text-base leading-relaxed text-stone-600 sm:text-lg">{T.lead}</p>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-3 lg:gap-12">
        <div className="self-start rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8 lg:col-span-2">
          <ContactForm full idPrefix="page-contact" />
        </div>
        <aside className="space-y-6">
          <div className="rounded-3xl bg-stone-50 p-6 ring-1 ring-stone-200">
            <h2 className="text-lg font-semibold text-stone-900">{T.asideTitle}</h2>
            <ul className="mt-4 space-y-3 text-sm text-stone-700">
              {T.asideItems.map((item) => (
                <li key={item} className="flex gap-3">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                  {item}
                </li>
              ))}
            </ul>
            <ul className="mt-6 space-y-4 border-t border-stone-200 pt-6">
              {CONTACT_SECTION_TEXT.points.map((p) => (
                <li key={p.title} className="flex gap-3">
                  <Icon name={p.icon} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  <span>
                    <span className="block text-sm font-semibold text-stone-900">{p.title}</span>
                    <span className="block text-sm text-stone-600">{p.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-3xl bg-brand-800 p-6 text-white">
            <h2 className="text-lg font-semibold">{T.demoTitle}</h2>
            <p className="mt-2 text-sm text-brand-100">{T.demoText}</p>
            <a href="/qr/demo" className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
              <Icon name="qr" className="h-5 w-5" />
              {HERO_TEXT.demo}
            </a>
          </div>
        </aside>
      </div>
    </>
  );
}
