// Build-time tweaks for the first paint (Lighthouse mobile):
// 1. the entry CSS is inlined into index.html: one render-blocking request less;
// 2. an inline script preloads the current route's page chunk (and its CSS) in parallel with the
//    entry, instead of after it has run. A visitor who will be sent to /login preloads /login;
// 3. the same script preloads the agent's public branding (the login page's title, the page's
//    largest text), so it is not one round trip behind the JavaScript. The app's own request for
//    the same URL then comes from the preload cache.
// Only hints: the router and the guards still decide what loads and renders.
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
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
  return {
    name: 'portal-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
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
          '(function(m,d){var p=location.pathname.replace(/\\/+$/,"")||"/",r=m[p],t;if(!r)return;' +
          'try{t=localStorage.getItem("sim_token")}catch(e){}if(!r[0]&&!t)r=m["/login"];if(!r)return;' +
          'var k=/[?&]mark=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(location.search),b;try{b=localStorage.getItem("sim_mark")}catch(e){}' +
          'var g=d.createElement("link");g.rel="preload";g.as="fetch";g.crossOrigin="anonymous";' +
          'g.href="/api/v1/application/customer_url?mark="+((k&&k[1])||b||' +
          JSON.stringify(DEFAULT_AGENT_MARK) +
          ');d.head.appendChild(g);' +
          'r[1].forEach(function(f){var l=d.createElement("link");if(/\\.css$/.test(f))l.rel="stylesheet";' +
          'else{l.rel="modulepreload";l.crossOrigin=""}l.href=f;d.head.appendChild(l)})})(' +
          JSON.stringify(table) +
          ',document)';

        let out = html;
        for (const css of entry.viteMetadata?.importedCss ?? []) {
          const asset = bundle[css] as OutputAsset | undefined;
          if (!asset || asset.type !== 'asset') continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${css.replace(/[.]/g, '\\.')}"[^>]*>`);
          out = out.replace(link, () => `<style>${String(asset.source)}</style>`);
        }
        return out.replace('</head>', () => `  <script>${preload}</script>\n  </head>`);
      },
    },
  };
}
