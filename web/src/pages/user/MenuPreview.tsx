import { menuPalette } from '@qrmenu/contract';
import { COLOR_TEXT as T } from '../../texts/branding';

/**
 * A phone-sized picture of the menu's top in the chosen colour: the header bar with the logo and
 * the business name, the cover, and the landing's buttons, with the text colour the menu will use.
 */
export function MenuPreview({ color, name, logo, cover }: { color: string; name: string; logo?: string; cover?: string }) {
  // the menu's own colours for this theme (contract/theme-color.ts): text on it, and the accent
  // (the theme darkened until readable) for links and outlined buttons on the light page
  const p = menuPalette(color);
  const theme = { bg: p.theme, fg: p.onTheme };
  const line = p.accent;
  const title = name.trim() || T.previewName;
  return (
    <figure className="mx-auto w-full max-w-[300px]" data-testid="menu-preview">
      <div className="overflow-hidden rounded-[1.75rem] border-[6px] border-stone-900 bg-[#faf6f1] shadow-xl">
        <div className="flex items-center gap-2.5 px-3.5 py-3 shadow-sm" style={{ backgroundColor: theme.bg, color: theme.fg }} data-testid="preview-header">
          {logo ? <img src={logo} alt="" className="h-8 w-8 shrink-0 rounded-lg bg-white object-contain" /> : null}
          <span className="min-w-0 truncate text-[15px] font-bold">{title}</span>
        </div>
        {cover ? <img src={cover} alt="" className="block aspect-[3/1] w-full object-cover" /> : null}
        <div className="px-5 pt-5 pb-6 text-center text-[#231c17]">
          {logo ? <img src={logo} alt="" className="mx-auto mb-2 h-14 w-14 rounded-2xl bg-white object-contain shadow-sm ring-1 ring-black/5" /> : null}
          <p className="text-[11px] font-semibold tracking-widest uppercase" style={{ color: line }}>
            {T.previewWelcome}
          </p>
          <p className="mt-1 text-xl leading-tight font-bold break-words">{title}</p>
          <div className="mx-auto mt-4 grid max-w-[220px] gap-2">
            <span className="block rounded-xl py-2.5 text-[15px] font-semibold" style={{ backgroundColor: theme.bg, color: theme.fg }} data-testid="preview-button">
              {T.previewButton}
            </span>
            <span className="block rounded-xl bg-white py-2.5 text-[15px] font-semibold" style={{ color: line, boxShadow: `inset 0 0 0 2px ${line}` }}>
              {T.previewSecond}
            </span>
          </div>
        </div>
        <div className="border-t border-black/5 bg-white px-4 py-3">
          <p className="text-xs font-semibold text-stone-500">{T.previewCategories}</p>
          <p className="mt-1 text-sm font-semibold text-[#231c17]">
            {T.previewCategory} <span style={{ color: line }}>›</span>
          </p>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-stone-500">{T.previewTitle}</figcaption>
    </figure>
  );
}
