/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { CRITERIA, FEEDBACK_LIMITS, TABLE_MSG, type CallType, type FieldErrors, type PublicCompany } from '@qrmenu/contract';
import { TURKISH_PAGE, type PageLang } from '../menu/index.js';
import type { TableWords } from '../menu/index.js';
import { HERO_CSS, MENU_CSS } from '../menu/index.js';
import { FORM_CSS, TABLE_CSS, withMasa } from './table-chrome.js';
import { Logo, metaThemeColor, PhotoBase, themeCss } from '../menu/index.js';

/**
 * The diner's table pages (survey, its thank-you, the waiter call's confirmation): server-rendered
 * plain HTML forms, no client JavaScript, the menu's look, in the page's language `L` (its links
 * and forms keep `?lang=` and `?masa=`). React escapes every text (a diner's comment comes back
 * into the form as plain text).
 */

/** The menu's category list, in this language, at this table. */
const menuOf = (company: PublicCompany, masa: number | undefined, L: PageLang) => withMasa(L.link(`/qr/${company.slug}/category`), masa);

function Page(props: { company: PublicCompany; masa?: number; L: PageLang; title: string; description?: string; children: ReactNode }) {
  const { L } = props;
  const menu = menuOf(props.company, props.masa, L);
  return (
    <html lang={L.code} dir={L.dir === 'rtl' ? 'rtl' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} | ${props.company.name}`}</title>
        <meta name="description" content={props.description ?? props.title} />
        <meta name="theme-color" content={metaThemeColor(props.company)} />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: MENU_CSS + HERO_CSS + TABLE_CSS + FORM_CSS + themeCss(props.company) }} />
      </head>
      <body>
        <header className="top">
          <a className="brand" href={menu}>
            <Logo company={props.company} size={40} />
            <span className="bn">{props.company.name}</span>
          </a>
        </header>
        <main>
          {props.masa !== undefined ? <p className="masa">{L.t.table.table(props.masa)}</p> : null}
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** The page's HTML; its logo points under `photoBase` (STORAGE_PUBLIC_URL; '' the app's own /uploads/), as the menu's pages. */
const html = (node: ReactNode, photoBase = '') => '<!DOCTYPE html>' + renderToStaticMarkup(<PhotoBase.Provider value={photoBase}>{node}</PhotoBase.Provider>);

export interface SurveyValues {
  ratings?: Record<string, unknown>;
  comment?: unknown;
  name?: unknown;
  tel?: unknown;
  kvkk?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The rating the diner sent (a form's string, or a JSON number) is `n`. */
const isRating = (v: unknown, n: number) => (typeof v === 'string' || typeof v === 'number') && String(v) === String(n);

/**
 * The survey's field errors in the page's language. The schema (shared with the JSON twin) speaks
 * Turkish; each field has one meaning of refusal, and a rating's names its criterion.
 */
export function surveyErrors(errors: FieldErrors, T: TableWords): FieldErrors {
  const one = (field: string, message: string): string => {
    switch (field) {
      case 'ratings': {
        const c = CRITERIA.find((k) => message === TABLE_MSG.ratingInvalid(k.label));
        return c ? T.errors.ratingInvalid(T.criteria[c.key]) : T.errors.ratingsRequired;
      }
      case 'comment':
        return T.errors.commentTooLong;
      case 'name':
        return T.errors.nameTooLong;
      case 'tel':
        return T.errors.telInvalid;
      case 'kvkk':
        return T.errors.kvkkRequired;
      default:
        return message;
    }
  };
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, [...new Set(list.map((m) => one(field, m)))]]));
}

/** `/qr/{company}/anket`: the survey form; after a refused post, with its errors and the diner's answers. */
export function renderSurvey(
  company: PublicCompany, masa: number | undefined, L: PageLang = TURKISH_PAGE, values: SurveyValues = {}, refused: FieldErrors = {}, photoBase = '',
): string {
  const T = L.t.table;
  const errors = surveyErrors(refused, T);
  const action = withMasa(L.link(`/qr/${company.slug}/anket`), masa);
  const err = (field: string) =>
    errors[field] ? (
      <p className="err" id={`${field}-err`}>
        {errors[field].join(' ')}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-err` } : {});
  const kvkk = values.kvkk === true || values.kvkk === 'on' || values.kvkk === '1';
  return html(
    <Page company={company} masa={masa} L={L} title={T.surveyTitle} description={T.surveyDescription(company.name)}>
      <h1>{T.surveyTitle}</h1>
      <p className="muted">{T.surveyIntro}</p>
      <form className="survey" method="post" action={action} noValidate>
        {Object.keys(errors).length ? <p className="errbox">{T.errorsTitle}</p> : null}
        {masa !== undefined ? <input type="hidden" name="masa" value={masa} /> : null}
        {err('ratings')}
        {CRITERIA.map((c) => (
          <fieldset key={c.key}>
            <legend>{T.criteria[c.key]}</legend>
            <div className="stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <span key={n} className="opt">
                  <input type="radio" id={`${c.key}-${n}`} name={c.key} value={n} defaultChecked={isRating(values.ratings?.[c.key], n)} />
                  <label htmlFor={`${c.key}-${n}`} aria-label={`${T.criteria[c.key]}: ${T.ratingOf(n)}`}>
                    {n}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        ))}
        <label className="field">
          <span>{T.comment}</span>
          <textarea name="comment" rows={4} maxLength={FEEDBACK_LIMITS.comment} defaultValue={text(values.comment)} {...invalid('comment')} />
        </label>
        {err('comment')}
        <fieldset>
          <legend>{T.contactTitle}</legend>
          <label className="field">
            <span>{T.name}</span>
            <input name="name" autoComplete="name" maxLength={FEEDBACK_LIMITS.name} defaultValue={text(values.name)} {...invalid('name')} />
          </label>
          {err('name')}
          <label className="field">
            <span>{T.tel}</span>
            <input name="tel" type="tel" autoComplete="tel" maxLength={FEEDBACK_LIMITS.tel} defaultValue={text(values.tel)} {...invalid('tel')} />
          </label>
          {err('tel')}
          <label className="check">
            <input type="checkbox" name="kvkk" value="1" defaultChecked={kvkk} {...invalid('kvkk')} />
            <span>
              {T.kvkk} <a href="/gizlilik-politikasi">{T.privacy}</a>
            </span>
          </label>
          {err('kvkk')}
        </fieldset>
        <div className="hp" aria-hidden="true">
          <label>
            {T.honeypot}
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button className="submit" type="submit">
          {T.send}
        </button>
      </form>
    </Page>,
    photoBase,
  );
}

/** A short answer page (thank-you, call confirmation, limit reached…) with the way back to the menu. */
export function renderNotice(company: PublicCompany, masa: number | undefined, L: PageLang, title: string, lines: string[], photoBase = ''): string {
  return html(
    <Page company={company} masa={masa} L={L} title={title}>
      <div className="hero">
        <h1>{title}</h1>
        {lines.map((l) => (
          <p className="muted" key={l}>
            {l}
          </p>
        ))}
        <nav className="buttons">
          <a className="btn" href={menuOf(company, masa, L)}>
            {L.t.table.backToMenu}
          </a>
        </nav>
      </div>
    </Page>,
    photoBase,
  );
}

export const renderThanks = (company: PublicCompany, masa: number | undefined, L: PageLang = TURKISH_PAGE, photoBase = '') =>
  renderNotice(company, masa, L, L.t.table.thanksTitle, [L.t.table.thanks], photoBase);

export const renderCalled = (company: PublicCompany, masa: number, type: CallType, repeated: boolean, L: PageLang = TURKISH_PAGE, photoBase = '') =>
  renderNotice(company, masa, L, L.t.table.callSent, [L.t.table.callHint[type], ...(repeated ? [L.t.table.callRepeated] : [])], photoBase);

/** Refusals of a table form, as pages: the IP's limit reached (429), no valid table (422). */
export const renderTooMany = (company: PublicCompany, masa: number | undefined, L: PageLang, photoBase = '') =>
  renderNotice(company, masa, L, L.t.table.tooManyTitle, [L.t.table.tooMany], photoBase);
export const renderNoTable = (company: PublicCompany, L: PageLang, photoBase = '') => renderNotice(company, undefined, L, L.t.table.tableTitle, [L.t.table.tableInvalid], photoBase);
