/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { CRITERIA, FEEDBACK_LIMITS, TABLE_MSG, type CallType, type FieldErrors, type PublicCompany } from '@qrmenu/contract';
import { MENU_CSS } from './styles.js';
import { FORM_CSS, TABLE_CSS, withMasa } from './table-chrome.js';
import { TABLE_TEXT } from './table-texts.js';
import { Logo, metaThemeColor, themeCss } from './brand-blocks.js';

/**
 * The diner's table pages (survey, its thank-you, the waiter call's confirmation): server-rendered
 * plain HTML forms, no client JavaScript, the menu's look. React escapes every text (a diner's
 * comment comes back into the form as plain text).
 */

function Page(props: { company: PublicCompany; masa?: number; title: string; description?: string; children: ReactNode }) {
  const menu = withMasa(`/qr/${props.company.slug}/category`, props.masa);
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} | ${props.company.name}`}</title>
        <meta name="description" content={props.description ?? props.title} />
        <meta name="theme-color" content={metaThemeColor(props.company)} />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: MENU_CSS + TABLE_CSS + FORM_CSS + themeCss(props.company) }} />
      </head>
      <body>
        <header className="top">
          <a className="brand" href={menu}>
            <Logo company={props.company} size={40} />
            <span className="bn">{props.company.name}</span>
          </a>
        </header>
        <main>
          {props.masa !== undefined ? <p className="masa">{TABLE_MSG.table(props.masa)}</p> : null}
          {props.children}
        </main>
      </body>
    </html>
  );
}

const html = (node: ReactNode) => '<!DOCTYPE html>' + renderToStaticMarkup(node);

export interface SurveyValues {
  ratings?: Record<string, unknown>;
  comment?: unknown;
  name?: unknown;
  tel?: unknown;
  kvkk?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** `/qr/{company}/anket`: the survey form; after a refused post, with its errors and the diner's answers. */
export function renderSurvey(company: PublicCompany, masa: number | undefined, values: SurveyValues = {}, errors: FieldErrors = {}): string {
  const action = withMasa(`/qr/${company.slug}/anket`, masa);
  const err = (field: string) =>
    errors[field] ? (
      <p className="err" id={`${field}-err`}>
        {errors[field]!.join(' ')}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-err` } : {});
  const kvkk = values.kvkk === true || values.kvkk === 'on' || values.kvkk === '1';
  return html(
    <Page company={company} masa={masa} title={TABLE_TEXT.surveyTitle} description={TABLE_TEXT.surveyDescription(company.name)}>
      <h1>{TABLE_TEXT.surveyTitle}</h1>
      <p className="muted">{TABLE_TEXT.surveyIntro}</p>
      <form className="survey" method="post" action={action} noValidate>
        {Object.keys(errors).length ? <p className="errbox">{TABLE_TEXT.errorsTitle}</p> : null}
        {masa !== undefined ? <input type="hidden" name="masa" value={masa} /> : null}
        {err('ratings')}
        {CRITERIA.map((c) => (
          <fieldset key={c.key}>
            <legend>{c.label}</legend>
            <div className="stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <span key={n} className="opt">
                  <input type="radio" id={`${c.key}-${n}`} name={c.key} value={n} defaultChecked={String(values.ratings?.[c.key] ?? '') === String(n)} />
                  <label htmlFor={`${c.key}-${n}`} aria-label={`${c.label}: ${TABLE_TEXT.ratingOf(n)}`}>
                    {n}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        ))}
        <label className="field">
          <span>{TABLE_TEXT.comment}</span>
          <textarea name="comment" rows={4} maxLength={FEEDBACK_LIMITS.comment} defaultValue={text(values.comment)} {...invalid('comment')} />
        </label>
        {err('comment')}
        <fieldset>
          <legend>{TABLE_TEXT.contactTitle}</legend>
          <label className="field">
            <span>{TABLE_TEXT.name}</span>
            <input name="name" autoComplete="name" maxLength={FEEDBACK_LIMITS.name} defaultValue={text(values.name)} {...invalid('name')} />
          </label>
          {err('name')}
          <label className="field">
            <span>{TABLE_TEXT.tel}</span>
            <input name="tel" type="tel" autoComplete="tel" maxLength={FEEDBACK_LIMITS.tel} defaultValue={text(values.tel)} {...invalid('tel')} />
          </label>
          {err('tel')}
          <label className="check">
            <input type="checkbox" name="kvkk" value="1" defaultChecked={kvkk} {...invalid('kvkk')} />
            <span>
              {TABLE_TEXT.kvkk} <a href="/gizlilik-politikasi">{TABLE_TEXT.privacy}</a>
            </span>
          </label>
          {err('kvkk')}
        </fieldset>
        <div className="hp" aria-hidden="true">
          <label>
            {TABLE_TEXT.honeypot}
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button className="submit" type="submit">
          {TABLE_TEXT.send}
        </button>
      </form>
    </Page>,
  );
}

/** A short answer page (thank-you, call confirmation, limit reached…) with the way back to the menu. */
export function renderNotice(company: PublicCompany, masa: number | undefined, title: string, lines: string[]): string {
  return html(
    <Page company={company} masa={masa} title={title}>
      <div className="hero">
        <h1>{title}</h1>
        {lines.map((l) => (
          <p className="muted" key={l}>
            {l}
          </p>
        ))}
        <nav className="buttons">
          <a className="btn" href={withMasa(`/qr/${company.slug}/category`, masa)}>
            {TABLE_TEXT.backToMenu}
          </a>
        </nav>
      </div>
    </Page>,
  );
}

export const renderThanks = (company: PublicCompany, masa?: number) => renderNotice(company, masa, TABLE_TEXT.thanksTitle, [TABLE_MSG.feedbackSaved]);

export const renderCalled = (company: PublicCompany, masa: number, type: CallType, repeated: boolean) =>
  renderNotice(company, masa, TABLE_MSG.callSent, [TABLE_TEXT.callHint[type], ...(repeated ? [TABLE_TEXT.callRepeated] : [])]);
