// Build-time tweaks for the first paint (Lighthouse mobile):
// 1. the entry CSS is inlined into index.html: one render-blocking request less;
// 2. an inline script preloads the current route's page chunk (and its CSS) in parallel with the
//    entry, instead of after it has run. A visitor who will be sent to /login preloads /login;
// 3. the same script preloads the agent's public branding (the login page's title, the page's
//    largest text), so it is not one round trip behind the JavaScript. The app's own request for
//    the same URL then comes from the preload cache.
// 4. /login's markup, rendered at build time (./prerender.ts), sits in #root with the login page's
//    CSS inlined: it paints before any script. The inline script hides it (class `off-login` on
//    <html>) when this visit is not going to /login; src/main.tsx replaces it with the live page.
// 5. On the way to /login the app's code starts after that first paint (a frame later, 50 ms at
//    most): fetched as early as before (modulepreload), but the browser paints the markup before
//    it spends the CPU on compiling and running it — on a cheap phone, a second earlier.
// Only hints: the router and the guards still decide what loads and renders.
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { bootMarkup, prerenderLogin } from './prerender.ts';
// Plain data, no imports: the config loader can bundle it.
import { BUILT_ROUTES, pageModule } from '../src/config/routes.ts';

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

export function firstPaint(): Plugin {
  let appRoot = '';
  return {
    name: 'portal-first-paint',
    apply: 'build',
    configResolved(config) {
      appRoot = config.root;
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

        const table: Record<string, [number, string[]]> = {};
        for (const r of BUILT_ROUTES) {
          const file = `/src/${pageModule(r)}.tsx`;
          const chunk = Object.values(bundle).find(
            (c): c is OutputChunk => c.type === 'chunk' && c.isDynamicEntry && (c.facadeModuleId ?? '').endsWith(file),
          );
          // The route table names a page the router does not load (src/app/router.ts).
          if (!chunk) throw new Error(`first paint: no lazy chunk for ${r.path} (${file})`);
          const files = new Set<string>();
          staticDeps(bundle, chunk, entryFiles, files);
          table[r.path] = [r.meta.noLogin ? 1 : 0, [...files].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`)];
        }
        const preload =
          '(function(m,d){var p=location.pathname.replace(/\\/+$/,"")||"/",r=m[p],t;' +
          'try{t=localStorage.getItem("sim_token")}catch(e){}if(r&&!r[0]&&!t)r=m["/login"];' +
          'if(r!==m["/login"])d.documentElement.className+=" off-login";if(!r)return;' +
          'var k=/[?&]mark=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(location.search),b;try{b=localStorage.getItem("sim_mark")}catch(e){}' +
          'var g=d.createElement("link");g.rel="preload";g.as="fetch";g.crossOrigin="anonymous";' +
          'g.href="/api/v1/application/customer_url?mark="+((k&&k[1])||b||' +
          JSON.stringify(DEFAULT_AGENT_MARK) +
          ');d.head.appendChild(g);' +
          'r[1].forEach(function(f){var l=d.createElement("link");if(/\\.css$/.test(f))l.rel="stylesheet";' +
          'else{l.rel="modulepreload";l.crossOrigin=""}l.href=f;d.head.appendChild(l)})})(' +
          JSON.stringify(table) +
          ',document)';

        // /login's own CSS, inlined beside its prerendered markup (the chunk's <link> follows later
        // and changes nothing); the markup hidden on a visit to another page.
        const loginCss = table['/login']![1].filter((f) => f.endsWith('.css'))
          .map((f) => String((bundle[f.slice(1)] as OutputAsset).source))
          .join('');
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`first paint: index.html has no ${root}`);
        const login = bootMarkup(await prerenderLogin(appRoot));

        let out = html.replace(root, () => `<div id="root">${login}</div>`);
        out = out.replace('</head>', () => `  <style>${loginCss}.off-login [data-prerendered]{display:none}</style>\n  </head>`);
        for (const css of entry.viteMetadata?.importedCss ?? []) {
          const asset = bundle[css] as OutputAsset | undefined;
          if (!asset || asset.type !== 'asset') continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${css.replace(/[.]/g, '\\.')}"[^>]*>`);
          out = out.replace(link, () => `<style>${String(asset.source)}</style>`);
        }
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!out.includes(entryTag)) throw new Error(`first paint: no ${entryTag} in index.html`);
        const start =
          '(function(d){var s=function(){import(' +
          JSON.stringify(`/${entry.fileName}`) +
          ')},g=0,o=function(){if(!g){g=1;s()}};' +
          'if(/\\boff-login\\b/.test(d.documentElement.className))s();' +
          'else{requestAnimationFrame(function(){setTimeout(o)});setTimeout(o,50)}})(document)';
        out = out.replace(entryTag, () => `<link rel="modulepreload" crossorigin href="/${entry.fileName}">`);
        out = out.replace('</body>', () => `  <script>${start}</script>\n  </body>`);
        return out.replace('</head>', () => `  <script>${preload}</script>\n  </head>`);
      },
    },
  };
}
