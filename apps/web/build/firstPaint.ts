// Build-time tweaks for the first paint (Lighthouse mobile):
// 1. the entry CSS is inlined into index.html: one render-blocking request less;
// 2. an inline script preloads the current route's page chunk (and its CSS) in parallel with the
//    entry, instead of after it has run. A visitor who will be sent to /login preloads /login;
// 3. the same script preloads the agent's public branding (the login page's title, the page's
//    largest text), so it is not one round trip behind the JavaScript. The app's own request for
//    the same URL then comes from the preload cache (on the way to /login: see 5).
// 4. /login's markup, rendered at build time (./prerender.ts), sits in #root with the login page's
//    CSS inlined: it paints before any script. The inline script hides it (class `off-login` on
//    <html>) when this visit is not going to /login; src/main.tsx replaces it with the live page.
// 5. On the way to /login the app's code is fetched and run once the page is painted complete:
//    the markup and the branding request (its answer goes straight into the painted title: the
//    page's largest text) have the network and the CPU to themselves. The price: the form takes
//    input one branding round trip later (1 s at most) — docs/decisions/0025-first-load.md.
// 6. On a logged-in visit the same script asks for the page's first reads (src/config/firstRequests.ts)
//    with the stored token, beside the page's code: src/lib/earlyAnswers.ts hands their answers to
//    the API client when the page asks — not a round trip after the code has run and rendered
//    (docs/decisions/0078-a-cold-visit-asks-for-its-data-at-once.md).
// 7. The route table's titles stay out of the browser's code. Nothing in the app reads a route's
//    title; they document the table (the page shows its own title). See withoutRouteTitles. The
//    table itself is not in the entry (src/app/router.ts): index.html preloads it with the
//    page map for a visit that starts anywhere but /login.
// Only hints: the router and the guards still decide what loads and renders.
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { byFileIndex } from './byFileIndex.ts';
import { bootMarkup, prerenderLogin } from './prerender.ts';
// Plain data, no imports: the config loader can bundle it.
import { BUILT_ROUTES, pageModule } from '../src/config/routes.ts';
import { EVERY_PAGE_FIRST_REQUESTS, FIRST_REQUESTS } from '../src/config/firstRequests.ts';
// a relative path: the config loader bundles it (a workspace package's TS it would leave to Node)
import { FIRST_SCREEN_HEAD_MARK, FIRST_SCREEN_MARK } from '../../../packages/contract/src/firstScreen.ts';
import { FIRST_SCREEN_PICTURES, SNAPSHOT_PAGES, snapshotOwner, snapshotToPaint } from '../src/config/pageSnapshots.ts';

/** DEFAULT_AGENT_MARK of @portal/contract/enums (Vite's config loader cannot import workspace TS). */
const DEFAULT_AGENT_MARK = 'demo';

function staticDeps(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>, into: Set<string>) {
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  if (skip.has(chunk.fileName) || into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  for (const dep of chunk.imports) {
    const c = bundle[dep];
    if (c?.type === 'chunk') staticDeps(bundle, c, skip, into);
  }
}

/** how long the painted /login waits for the app's code before it offers a reload */
export const BOOT_STALLED_MS = 15_000;
/** Inline script: the alert that the app's code never came, with a reload, put before element `x`
 *  (the painted page is inert: the alert must be outside it). Reads `d`, the document. */
const stalledAlertBefore = (x: string) =>
  'var n=d.createElement("div");n.setAttribute("role","alert");n.className="boot-stalled";' +
  'n.innerHTML="<span>页面加载失败，请检查网络</span><button type=\\"button\\">重新加载</button>";' +
  `n.querySelector("button").addEventListener("click",function(){location.reload()});${x}.parentNode.insertBefore(n,${x})`;
const BOOT_STALLED_CSS =
  '.boot-stalled{position:fixed;top:0;left:0;right:0;z-index:3001;display:flex;align-items:center;justify-content:space-between;' +
  'gap:12px;padding:8px 16px;background:#fff4e5;color:#7a2e0e;font-size:14px}' +
  '.boot-stalled button{min-height:44px;padding:0 16px;border:0;border-radius:6px;background:#1677ff;color:#fff;font-size:14px}';

/** The route table's source without its rows' `title: '…'` (6. above); the types keep the field. */
export function withoutRouteTitles(source: string): string {
  return source.replace(/\btitle: (['"])(?:(?!\1)[^\\\n])*\1,\s*/g, '');
}

const ROUTE_TABLE = /\/src\/config\/(routes|routeRules)\.ts$/;

/** The plugin, and what its build found: each snapshot page's stylesheets (not the entry's), in
 *  the order the head's script links them — the server inlines them with a first screen. */
export function firstPaint(): Plugin & { api: { pageStyles(): Record<string, string[]> } } {
  let appRoot = '';
  let pageStyles: Record<string, string[]> = {};
  return {
    api: { pageStyles: () => pageStyles },
    name: 'portal-first-paint',
    apply: 'build',
    configResolved(config) {
      appRoot = config.root;
    },
    transform(code, id) {
      return ROUTE_TABLE.test(id) ? { code: withoutRouteTitles(code), map: null } : undefined;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return html;

        // What the entry already loads is not preloaded again.
        const entryFiles = new Set<string>();
        staticDeps(bundle, entry, new Set(), entryFiles);

        // The map of the pages after /login (src/app/pages.ts): a visit that starts on any other
        // page goes through it, so it is preloaded beside the page's own code — no detour.
        const lazyChunk = (file: string) => {
          const chunk = Object.values(bundle).find((c): c is OutputChunk =>
            c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith(file)
              ? c.isDynamicEntry
              : c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(file)),
          );
          if (!chunk) throw new Error(`first paint: no lazy chunk for ${file}`);
          const files = new Set<string>();
          staticDeps(bundle, chunk, entryFiles, files);
          return files;
        };
        // The route table with the page map (src/app/pages.ts, loaded by src/app/router.ts): not
        // in the entry; a visit that starts on any page but /login needs it before the shell
        // decides, so it comes beside the entry (its static imports: the table's own chunk).
        const pagesMapFiles = lazyChunk('/src/app/pages.ts');
        // So does the full shell (src/app/Shell.tsx renders only a visitor's /login without it).
        lazyChunk('/src/app/AppShell.tsx').forEach((f) => pagesMapFiles.add(f));
        // The shell's parts around a page (src/app/ShellParts.tsx): the keep-alive pages, the card
        // gates of a logged-in user, the tab bar, the service button — preloaded where they show.
        const shellPartsFiles = lazyChunk('/src/app/ShellParts.tsx');
        const withShellParts = (r: (typeof BUILT_ROUTES)[number]) =>
          r.meta.keepAlive || !r.meta.noShowKF || !r.meta.noLogin || r.area === 'wifiDevice';

        const table: Record<string, [number, string[], ...string[]]> = {};
        for (const r of BUILT_ROUTES) {
          const file = `/src/${pageModule(r)}.tsx`;
          const chunk = Object.values(bundle).find(
            (c): c is OutputChunk => c.type === 'chunk' && c.isDynamicEntry && (c.facadeModuleId ?? '').endsWith(file),
          );
          // The route table names a page the router does not load (src/app/router.ts).
          if (!chunk) throw new Error(`first paint: no lazy chunk for ${r.path} (${file})`);
          const files = new Set<string>(r.path === '/login' ? [] : pagesMapFiles);
          if (r.path !== '/login' && withShellParts(r)) shellPartsFiles.forEach((f) => files.add(f));
          staticDeps(bundle, chunk, entryFiles, files);
          table[r.path] = [
            r.meta.noLogin ? 1 : 0,
            [...files].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`),
            ...(FIRST_REQUESTS[r.path] ?? []),
          ];
        }
        // /login's own CSS, inlined beside its prerendered markup, and so not preloaded as a <link>
        // (a stylesheet the head's script adds would hold the first paint back); the chunk's own
        // <link> comes with the page's code and changes nothing. The markup is hidden on a visit
        // to another page.
        const loginRow = table['/login']!;
        const loginCss = loginRow[1]
          .filter((f) => f.endsWith('.css'))
          .map((f) => String((bundle[f.slice(1)] as OutputAsset).source))
          .join('');
        loginRow[1] = loginRow[1].filter((f) => !f.endsWith('.css'));

        const compact = byFileIndex(table);
        const entryUrl = JSON.stringify(`/${entry.fileName}`);
        // In <head>: where is this visit going? (The guards send a visitor of a page that needs a
        // login to /login, and a logged-in user away from it: to home's chunks unless /login's query
        // names another page, which then loads its own.) Not to /login: class `off-login`
        // (hides the prerendered markup), the entry, the page's chunks and the branding preloaded.
        // To /login: the branding is fetched right now and put into the painted title as soon as it
        // is here (it is the page's largest text; a new <h1>, as the browser counts an element's
        // largest paint once, when it first paints it); main.tsx hands the request to the app
        // (window.__portalLogin, brandingStore.adopt). The code waits for the script at the end.
        const preload =
          '(function(m,A,d,w,N){var p=location.pathname.replace(/\\/+$/,"")||"/",r=m[p],L=m["/login"],t,b,c,R;w.__portalEntry=' +
          entryUrl +
          ';try{t=localStorage.getItem("sim_token");b=localStorage.getItem("sim_mark");c=localStorage.getItem("sim_customNum")}catch(e){}if(r&&!r[0]&&!t)r=L;else if(r===L&&t)r=m["/"];' +
          // the route's files by their place in the build's list (each name once: a third of the table)
          'R=r&&r[1].map(function(i){return N[i]});' +
          'var k=/[?&]mark=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(location.search),a=(k&&k[1])||b||' +
          JSON.stringify(DEFAULT_AGENT_MARK) +
          ',u="/api/v1/application/customer_url?mark="+a;' +
          // remembered at once, as src/app/boot.ts will: the app may start after the user moved on
          'if(k)try{localStorage.setItem("sim_mark",k[1])}catch(e){}' +
          // k: 1 holds the first paint until the stylesheet is in, 2 does not: they apply together once
          // all are in (or failed) — one by one, a file applied after the painted copies of those
          // that follow it in the cascade moved the painted page, and moved it back (measured on /combo)
          'var Q=[],Qn=0;function h(f,x,c,k){var l=d.createElement("link");l.rel=x;if(c!=null)l.crossOrigin=c;if(x=="preload")l.as="fetch";' +
          'if(k==1)l.setAttribute("blocking","render");if(k==2){l.media="print";Q.push(l);l.onload=l.onerror=function(){if(++Qn==Q.length)Q.forEach(function(y){y.media="all"})}}l.href=f;d.head.appendChild(l)}' +
          'if(r===L){var q=fetch(u,{credentials:"same-origin"}).then(function(s){return s.json()});' +
          'w.__portalLogin={mark:a,files:R,branding:q};' +
          // the app's code never came (offline, a blocked script): the painted form is inert, so
          // say so and offer a reload instead of a form that ignores every tap
          'setTimeout(function(){var x=d.querySelector("[data-prerendered]");if(!x||!x.getClientRects().length)return;' +
          stalledAlertBefore('x') +
          '},' +
          String(BOOT_STALLED_MS) +
          ');' +
          'q.then(function(e){var n=e&&e.code===0&&e.data&&e.data.apply_name;if(!n)return;' +
          'var s=function(){var x=d.querySelector("[data-prerendered] h1"),y;if(x){y=x.cloneNode();y.textContent=n;x.replaceWith(y)}};' +
          'if(d.readyState=="loading")d.addEventListener("DOMContentLoaded",s);else s()},function(){});return}' +
          // P: the server put this holder's first screen in the HTML (6c. below) — for this path, this
          // session and the card the phone has current (a cookie out of step with storage paints nothing)
          'var O=' +
          String(snapshotOwner) +
          ',F=d.querySelector(\'meta[name="first-screen"]\'),P=!!(F&&t&&F.content===p&&F.getAttribute("data-owner")===O(t,c||"")&&!w.__portalNoSnapshot);' +
          'd.documentElement.className+=" off-login";if(!P)h(' +
          entryUrl +
          ',"modulepreload","");if(!r)return;' +
          // 6.: a logged-in visit's first reads, as src/lib/api.ts would ask them (a {customNum} one
          // only with a current card); a failure is left to the page's own request. Asked before the
          // page's files: over HTTP/1.1 a browser opens six connections to a host, and the page's
          // dozen files took them all while these small answers waited their turn (0.6 s on slow 4G).
          // 6b.: this holder's snapshot of the page, painted by the script after #root (not when a
          // test harness asked for the live page alone: e2e/harness.ts)
          // 6c.: the first screen the server rendered into this HTML (docs/decisions/0082), named
          // by the meta the server put before this script: it paints as a snapshot does
          'if(P){w.__portalSnap={path:p,wait:false};' +
          'd.documentElement.className+=" snap"}else ' +
          'if(t&&!w.__portalNoSnapshot&&' +
          JSON.stringify(SNAPSHOT_PAGES) +
          '.indexOf(p)>=0)try{var z=(' +
          String(snapshotToPaint) +
          ')(function(k){return localStorage.getItem(k)},p,O(t,c||""),w.__portalEntry,Date.now());if(z){w.__portalSnap={path:p,html:z.html,wait:!z.styles};' +
          'd.documentElement.className+=" snap";' +
          // its stylesheets from storage, before the page's own links (added below, the same rules
          // in the same order): it paints with the HTML, not after the network brought them
          '(z.styles||[]).forEach(function(x){var e=d.createElement("style");e.setAttribute("data-snapshot-css","");' +
          'e.textContent=x;d.head.appendChild(e)});' +
          // its first two pictures asked for now, ahead of the page's code and reads: over HTTP/1.1
          // a picture asked by the painted markup waited for a connection behind them (~0.4 s)
          'var n=0;z.html.replace(/<img\\b[^>]*?\\bsrc="([^"]+)"/g,function(m,u){if(n++<' +
          String(FIRST_SCREEN_PICTURES) +
          '){var i=d.createElement("link");' +
          'i.rel="preload";i.as="image";i.setAttribute("fetchpriority","high");i.href=u.replace(/&amp;/g,"&");d.head.appendChild(i)}})}}catch(e){}' +
          // with the server's first screen, the code, the reads and the stylesheets are asked once
          // it is painted (the paint script below runs G): on a slow link they shared it with the
          // HTML's last bytes, which carry the screen
          'var G=function(){' +
          'if(t){var E={},g=function(x){if(x.indexOf("{customNum}")>=0&&!c)return;' +
          'var f="/api"+x.replace("{customNum}",encodeURIComponent(c||"")).replace("{mark}",encodeURIComponent(a));' +
          'E[f]=fetch(f,{headers:{Accept:"application/json",Authorization:"Bearer "+t},credentials:"same-origin"});E[f].catch(function(){})};' +
          'A.concat(r.slice(2)).forEach(g);w.__portalEarly={token:t,at:Date.now(),answers:E}}' +
          // the page's stylesheets: a snapshot painted with their text from storage does not wait
          // for them (a stylesheet the head's script adds holds the first paint back: Chromium
          // counts it as the head's), one painted without waits for every one (no unstyled flash)
          'h(u,"preload","anonymous");var k=w.__portalSnap?w.__portalSnap.wait?1:2:0;' +
          'R.forEach(function(f){/\\.css$/.test(f)?h(f,"stylesheet",null,k):h(f,"modulepreload","")})};if(P)w.__portalGo=G;else G()})(' +
          JSON.stringify(compact.rows) +
          ',' +
          JSON.stringify(EVERY_PAGE_FIRST_REQUESTS) +
          ',document,window,' +
          JSON.stringify(compact.files) +
          ')';

        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`first paint: index.html has no ${root}`);
        const login = bootMarkup(await prerenderLogin(appRoot));

        // 6b.: the snapshot, if the head's script took one, beside #root before the first paint
        // 6c.: the server's first screen is already there (FIRST_SCREEN_MARK): kept, or taken out
        // unseen when the head's script did not take it (a test harness asked for the live page)
        const paintSnapshot =
          '(function(d,w){var s=w.__portalSnap,e=d.getElementById("page-snapshot");if(!s){if(e)e.remove();return}' +
          'if(!e){e=d.createElement("div");e.id="page-snapshot";' +
          'e.setAttribute("inert","");e.innerHTML=s.html;delete s.html;d.getElementById("root").after(e)}' +
          'var G=w.__portalGo;if(G){delete w.__portalGo;if(d.visibilityState=="hidden")G();else requestAnimationFrame(function(){setTimeout(G)})}' +
          // still painted long after: the app's code never came (main.tsx takes it away 3 s after it
          // started, whatever the reads do) — say so, as the painted /login does
          'setTimeout(function(){if(!e.isConnected)return;' +
          stalledAlertBefore('e') +
          '},' +
          String(BOOT_STALLED_MS) +
          ')})(document,window)';
        let out = html.replace(root, () => `<div id="root">${login}</div>${FIRST_SCREEN_MARK}<script>${paintSnapshot}</script>`);
        // html's font size: the rem script's value on a 375 px phone, for a browser without scripts
        // (the script's inline style wins wherever it runs).
        out = out.replace(
          '</head>',
          () =>
            `  <style>html{font-size:37.5px}${loginCss}.off-login [data-prerendered]{display:none}${BOOT_STALLED_CSS}</style>\n  </head>`,
        );
        for (const css of entry.viteMetadata?.importedCss ?? []) {
          const asset = bundle[css] as OutputAsset | undefined;
          if (!asset || asset.type !== 'asset') continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${css.replace(/[.]/g, '\\.')}"[^>]*>`);
          // The stylesheet's <link> stays, disabled (never fetched: HTML's rule for a disabled
          // stylesheet link): Vite's preload helper, importing the page's code, looks for a
          // stylesheet link of each CSS file it needs and fetched this one again without it — and
          // the page's import waited for that fetch (~0.2 s on slow 4G, after the scripts).
          out = out.replace(link, () => `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${css}" disabled>`);
        }
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!out.includes(entryTag)) throw new Error(`first paint: no ${entryTag} in index.html`);
        // At the end of <body>: to /login, once the branding is in the painted title (1 s at most)
        // and painted (the frame's callback, then a task) — the page's chunks preloaded, the entry
        // imported; elsewhere at once. A hidden tab runs no animation frames: it starts at once too.
        const start =
          '(function(d,w){var l=w.__portalLogin,s=function(){if(l)l.files.forEach(function(f){' +
          'var k=d.createElement("link");k.rel="modulepreload";k.crossOrigin="";k.href=f;d.head.appendChild(k)});import(' +
          entryUrl +
          ').catch(function(){})};if(d.getElementById("page-snapshot")&&d.querySelector(\'meta[name="first-screen"]\')&&d.visibilityState!="hidden")return requestAnimationFrame(function(){setTimeout(s)});' +
          'if(!l||d.visibilityState=="hidden")return s();var g=0,o=function(){if(!g){g=1;requestAnimationFrame(function(){setTimeout(s)})}};' +
          'l.branding.then(o,o);setTimeout(o,1000)})(document,window)';
        out = out.replace(entryTag, '');
        out = out.replace('</body>', () => `  <script>${start}</script>\n  </body>`);
        pageStyles = Object.fromEntries(SNAPSHOT_PAGES.map((p) => [p, (table[p]?.[1] ?? []).filter((f) => f.endsWith('.css'))]));
        return out.replace('</head>', () => `  ${FIRST_SCREEN_HEAD_MARK}<script>${preload}</script>\n  </head>`);
      },
    },
  };
}
