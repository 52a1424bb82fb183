/**
 * The one inline stylesheet of the menu pages (the CSP allows inline styles, not scripts). Mobile-first.
 * Two font weights only (400 and 700, here and in table-chrome.ts): every further weight is one more
 * face the phone matches and lays out before the first paint (measured: the first layout took about
 * half as long with two weights as with five).
 */
export const MENU_CSS = `
:root{--bg:#faf6f1;--card:#fff;--ink:#231c17;--muted:#6f645b;--accent:#9a3412;--soft:#fdeee2;--theme:#9a3412;--on-theme:#fff}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--bg);color:var(--ink)}
a{color:inherit}
.langs{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:4px 14px;padding:6px 16px;font-size:.9rem;background:var(--card)}
.langs span{font-weight:700}
.top{position:sticky;top:0;z-index:1;background:var(--theme);color:var(--on-theme);padding:12px 16px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.brand{display:flex;align-items:center;gap:10px;max-width:688px;margin:0 auto;font-weight:700;font-size:1.1rem;text-decoration:none}
.bn{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.logo{flex:none;display:block;object-fit:contain;border-radius:10px;background:#fff}
.top .logo{width:40px;height:40px;margin:-4px 0}
.note{margin:0 0 16px;padding:8px 12px;border-radius:12px;background:var(--soft);font-size:.93rem}
main{max-width:720px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;line-height:1.2;margin:4px 0 16px;overflow-wrap:anywhere}
h2{font-size:1.05rem;line-height:1.3;margin:0;overflow-wrap:anywhere}
.grid{display:grid;gap:12px;list-style:none;margin:0;padding:0}
@media(min-width:560px){.cats{grid-template-columns:1fr 1fr}}
.card{display:flex;flex-direction:column;height:100%;background:var(--card);border-radius:16px;box-shadow:0 1px 3px rgba(35,28,23,.1);overflow:hidden;text-decoration:none}
.card img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:var(--soft)}
.card .b{display:block;padding:14px 16px}
.name{display:block;font-weight:700;font-size:1.1rem;overflow-wrap:anywhere}
.name:after{content:" ›";color:var(--accent)}
[dir=rtl] .name:after{content:" ‹"}
.desc{display:block;margin:4px 0 0;color:var(--muted);font-size:.93rem;overflow-wrap:anywhere}
.prod{display:flex;gap:12px;align-items:flex-start;padding:14px;background:var(--card);border-radius:16px;box-shadow:0 1px 3px rgba(35,28,23,.1)}
.prod .b{flex:1;min-width:0}
.ph{flex:none}.prod img{flex:none;width:96px;height:96px;border-radius:12px;object-fit:cover;background:var(--soft)}
.row{display:flex;flex-wrap:wrap;gap:2px 8px;justify-content:space-between;align-items:baseline}.row h2{flex:1 1 9em}
.price{font-weight:700;color:var(--accent);white-space:nowrap}.amt{color:var(--muted);font-weight:400;font-size:.9rem;white-space:nowrap}
.al{display:inline-block;margin:8px 0 0;padding:2px 10px;border-radius:99px;background:#fef3c7;color:#78350f;font-size:.8rem}
.pr{white-space:nowrap}
.old{color:var(--muted);margin-inline-end:6px;font-size:.9rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bds{margin:4px 0 0}
.bd{display:inline-block;margin-inline-end:6px;padding:1px 8px;border-radius:6px;background:#57534e;color:#fff;font-size:.75rem;font-weight:700}
.dc{background:#b91c1c}
.so{background:#efedea;box-shadow:none}
.so h2,.so .price{color:var(--muted);font-weight:400}
.so img{filter:grayscale(1)}
.srv{display:block;margin:4px 0 0;font-size:.85rem;color:var(--muted)}
.var{display:flex;flex-wrap:wrap;gap:2px 14px;list-style:none;margin:6px 0 0;padding:0;font-size:.93rem}
.tags{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0 0}
.tag{display:inline-flex;gap:4px;align-items:center;padding:1px 8px 1px 2px;border-radius:99px;background:#ecfccb;color:#365314;font-size:.8rem}
.tag b{min-width:20px;padding:0 3px;border-radius:99px;background:#fff;font-size:.7rem;text-align:center}
.un{background:#e7e5e4;color:#44403c}
.cat{display:inline-block;font-size:.85rem;color:var(--accent)}
.flt{margin:0 0 16px;font-size:.85rem}
.flt summary{display:inline-block;padding:6px 14px;border-radius:99px;background:var(--card);box-shadow:inset 0 0 0 1px #d6d3d1;font-weight:700;cursor:pointer}
.flt [open] summary{margin-bottom:8px}
.flt fieldset{display:flex;flex-wrap:wrap;gap:4px;border:0;margin:0;padding:0}
.flt legend{font-weight:700;padding:0;margin-bottom:4px}
.flt label{display:inline-flex;gap:4px;align-items:center;padding:4px 8px;border-radius:99px;background:var(--card);box-shadow:inset 0 0 0 1px #d6d3d1}
.flt button,.srch button{padding:8px 16px;border:0;border-radius:10px;background:var(--theme);color:var(--on-theme);box-shadow:inset 0 0 0 2px var(--accent);font:inherit;font-weight:700}
.flt button{margin-top:8px}
.flt a{margin-inline-start:12px}
.hid,.cnt{margin:8px 0 0;color:var(--muted)}
.srch{margin:0 0 16px}
.srch label{display:block;font-weight:700;margin-bottom:4px}
.srch span{display:flex;gap:8px}
.srch input{flex:1;min-width:0;padding:10px 12px;border:1px solid #a8a29e;border-radius:10px;font:inherit}
.back{display:inline-block;margin:0 0 4px;color:var(--muted);text-decoration:none;font-size:.95rem}
.empty{text-align:center;color:var(--muted);padding:32px 0}
footer{text-align:center;padding:8px 16px 28px;font-size:.8rem;color:var(--muted)}
.made{color:var(--muted)}
`.trim().replace(/\n/g, '');


/** Styles of the business block (cover, about, open/closed line, hours, Wi-Fi, links): the landing and the category list only. */
export const BRAND_CSS = `
.hero .logo{width:96px;height:96px;margin:0 auto 12px;border-radius:20px;box-shadow:0 1px 3px rgba(35,28,23,.15)}
.cover{display:block;width:100%;height:auto;aspect-ratio:3/1;object-fit:cover;border-radius:16px;margin:0 0 16px;background:var(--soft)}
.hero .cover{margin:-28px 0 20px}
.intro{margin:0 0 16px}
.about{white-space:pre-line;margin:0 0 6px;overflow-wrap:anywhere}
.open{margin:0;font-weight:700}
.open:before{content:"";display:inline-block;width:.6em;height:.6em;margin-inline-end:.45em;border-radius:50%;background:#b91c1c}
.is-open:before{background:#15803d}
.info{margin:24px 0 0;padding:14px 16px;background:var(--card);border-radius:16px;box-shadow:0 1px 3px rgba(35,28,23,.1);text-align:start;font-size:.95rem}
.info a{color:var(--accent);font-weight:700}
.hrs{width:100%;border-collapse:collapse}
.hrs caption{text-align:start;font-weight:700;margin-bottom:4px}
.hrs th{text-align:start;font-weight:400;padding:2px 0}
.hrs td{text-align:end;padding:2px 0}
.wifi{margin:12px 0 0}
.wifi dt{font-weight:700}
.wifi dd{margin:0;overflow-wrap:anywhere}
.links{list-style:none;margin:12px 0 0;padding:0}
.links li{margin:4px 0;overflow-wrap:anywhere}
`.trim().replace(/\n/g, '');

/** The centred pages (landing, table welcome, survey, not found): hero block, icon and big buttons; not on the menu lists. */
export const HERO_CSS = `
.hero{text-align:center;padding:48px 20px}
.hello{margin:0;color:var(--accent);font-weight:700;letter-spacing:.04em;text-transform:uppercase;font-size:.85rem}
.hero h1{font-size:2rem;margin:8px 0}
.muted{color:var(--muted);margin:4px 0}
.small{font-size:.85rem;margin-top:20px}
.icon{fill:none;stroke:var(--accent);stroke-width:2.5;stroke-linecap:round;stroke-linejoin:round}
.buttons{display:grid;gap:12px;max-width:320px;margin:28px auto 0}
.btn{display:block;padding:14px;border-radius:14px;background:var(--theme);color:var(--on-theme);box-shadow:inset 0 0 0 2px var(--accent);font-weight:700;font-size:1.1rem;text-decoration:none}
.btn.alt{background:var(--card);color:var(--accent);box-shadow:inset 0 0 0 2px var(--accent)}
`.trim().replace(/\n/g, '');
