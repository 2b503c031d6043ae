import { safeReturnPath } from '../modules/realName';

// Shared by the simulators' hosted pages: escaping and the page frame (mobile viewport, Chinese).

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlPage(title: string, css: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${esc(title)}</title>
<style>${css}</style></head><body>${body}</body></html>`;
}

/** Only our own pages: a return URL is a path on this site, never another origin. */
export const safeReturn = (url: string) => safeReturnPath(url, '/');
