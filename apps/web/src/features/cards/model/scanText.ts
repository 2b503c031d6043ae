// What a scanned code on a card's holder says: the card number, or the SIM's ICCID (the server's
// bind check resolves either to the card). Holders carry a barcode of the number or the ICCID, or
// a QR code: the bare number, a link (/qr_code_login?custom_num=… and the like) or a labelled text.

/** card numbers (6-20 digits) and ICCIDs (19-20 digits; some print a trailing F filler) */
const NUMBER = /^\d{6,20}$/;
const ICCID_WITH_FILLER = /^(\d{18,19})F$/i;
/** query parameters a link may carry the card in, most specific first */
const PARAMS = ['custom_num', 'customNum', 'card_num', 'cardNum', 'card_no', 'cardNo', 'iccid', 'ICCID', 'num'];
/** "卡号：1000000020", "ICCID 8986…", "card_no=…" in a free text */
const LABELLED = /(?:卡号|ICCID|card[_ -]?(?:num|no)|custom_num)\s*[:：=#]?\s*(\d{6,20})(?!\d)/i;

function asNumber(value: string | null | undefined): string | undefined {
  const v = (value ?? '').replace(/[\s-]/g, '');
  if (NUMBER.test(v)) return v;
  return ICCID_WITH_FILLER.exec(v)?.[1];
}

/** The card number or ICCID a scanned text carries; undefined when it carries none. */
export function cardNumberFromScan(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const bare = asNumber(t);
  if (bare) return bare;
  const url = parseUrl(t);
  if (url) {
    // a hash-routed link keeps its query after the '#'
    const queries = [url.searchParams, new URLSearchParams(url.hash.split('?')[1] ?? '')];
    for (const name of PARAMS) {
      for (const q of queries) {
        const found = asNumber(q.get(name));
        if (found) return found;
      }
    }
    return undefined;
  }
  return LABELLED.exec(t)?.[1];
}

function parseUrl(text: string): URL | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
