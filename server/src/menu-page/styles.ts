/** The one inline stylesheet of the menu pages (the CSP allows inline styles, not scripts). Mobile-first. */
export const MENU_CSS = `
:root{--bg:#faf6f1;--card:#fff;--ink:#231c17;--muted:#6f645b;--accent:#9a3412;--soft:#fdeee2}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--bg);color:var(--ink)}
a{color:inherit}
.top{position:sticky;top:0;z-index:1;background:var(--accent);color:#fff;padding:12px 16px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.brand{display:block;max-width:688px;margin:0 auto;font-weight:700;font-size:1.1rem;text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{max-width:720px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;line-height:1.2;margin:4px 0 16px;overflow-wrap:anywhere}
h2{font-size:1.05rem;line-height:1.3;margin:0;overflow-wrap:anywhere}
.grid{display:grid;gap:12px;list-style:none;margin:0;padding:0}
@media(min-width:560px){.cats{grid-template-columns:1fr 1fr}}
.card{display:flex;flex-direction:column;height:100%;background:var(--card);border-radius:16px;box-shadow:0 1px 3px rgba(35,28,23,.1);overflow:hidden;text-decoration:none}
.card img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:var(--soft)}
.card .b{display:block;padding:14px 16px}
.name{display:block;font-weight:650;font-size:1.1rem;overflow-wrap:anywhere}
.name:after{content:" ›";color:var(--accent)}
.desc{display:block;margin:4px 0 0;color:var(--muted);font-size:.93rem;overflow-wrap:anywhere}
.prod{display:flex;gap:12px;align-items:flex-start;padding:14px;background:var(--card);border-radius:16px;box-shadow:0 1px 3px rgba(35,28,23,.1)}
.prod .b{flex:1;min-width:0}
.prod img{flex:none;width:96px;height:96px;border-radius:12px;object-fit:cover;background:var(--soft)}
.row{display:flex;gap:8px;justify-content:space-between;align-items:baseline}
.price{font-weight:700;color:var(--accent);white-space:nowrap}
.al{display:inline-block;margin:8px 0 0;padding:2px 10px;border-radius:99px;background:#fef3c7;color:#78350f;font-size:.8rem}
.back{display:inline-block;margin:0 0 4px;color:var(--muted);text-decoration:none;font-size:.95rem}
.hero{text-align:center;padding:48px 20px}
.hello{margin:0;color:var(--accent);font-weight:600;letter-spacing:.04em;text-transform:uppercase;font-size:.85rem}
.hero h1{font-size:2rem;margin:8px 0}
.muted{color:var(--muted);margin:4px 0}
.small{font-size:.85rem;margin-top:20px}
.icon{fill:none;stroke:var(--accent);stroke-width:2.5;stroke-linecap:round;stroke-linejoin:round}
.buttons{display:grid;gap:12px;max-width:320px;margin:28px auto 0}
.btn{display:block;padding:14px;border-radius:14px;background:var(--accent);color:#fff;font-weight:650;font-size:1.1rem;text-decoration:none}
.btn.alt{background:var(--card);color:var(--accent);box-shadow:inset 0 0 0 2px var(--accent)}
.empty{text-align:center;color:var(--muted);padding:32px 0}
footer{text-align:center;padding:8px 16px 28px;font-size:.8rem;color:var(--muted)}
.made{color:var(--muted)}
`.trim().replace(/\n/g, '');
