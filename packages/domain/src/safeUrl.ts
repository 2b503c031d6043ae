// URLs that come from configuration (branding, customer service, real-name links) are
// rendered as links and images. Only http(s) and same-site paths pass; javascript:, data:,
// vbscript: and anything unparsable become "" so the UI hides the link.

export function safeUrl(value: string | null | undefined): string {
  if (!value) return '';
  const v = value.trim();
  if (v === '') return '';
  // same-site absolute path, but not protocol-relative "//evil.example"
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return '';
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
}
