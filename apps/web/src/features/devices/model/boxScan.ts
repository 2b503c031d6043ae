// What a scanned code on a device's box or label says, for /cpe_bind. Our boxes carry a QR code
// of a link to this page with the pair: https://<portal>/cpe_bind?sn=<serial>&custom_num=<card>
// (the pair the server checks, so one scan fills the whole form), and the label a barcode of the
// bare serial (S/N). Other makers print the pair as text ("S/N: …  卡号: …"); both are read.
// A code of digits only is an IMEI or a product barcode (EAN): it says nothing of the pair, so
// scanning goes on.
import { PATTERN } from '@portal/contract/patterns/account';
import { DEVICE_SERIAL } from '@portal/contract/patterns/device';

export interface BoxScan {
  serial?: string;
  customNum?: string;
}

/** query parameters a link may carry the serial in, most specific first */
const SERIAL_PARAMS = ['sn', 'SN', 'serial', 'device_sn', 'deviceSn', 'serial_no'];
/** …and the card number */
const CARD_PARAMS = ['custom_num', 'customNum', 'card_num', 'cardNum', 'card_no', 'cardNo'];
/** "S/N: CPE5G-D0017", "SN：…", "序列号 …" in a free text */
const LABELLED_SERIAL = /(?:S\/N|\bSN|序列号|serial)\s*[:：=#]?\s*([A-Za-z0-9-]{6,32})/i;
const LABELLED_CARD = /(?:卡号|card[_ -]?(?:num|no)|custom_num)\s*[:：=#]?\s*(\d{6,20})(?!\d)/i;

function asSerial(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim().toUpperCase();
  // a serial has a letter: digits alone are an IMEI or a product barcode
  return DEVICE_SERIAL.pattern.test(v) && /[A-Z]/.test(v) ? v : undefined;
}

function asCardNum(value: string | null | undefined): string | undefined {
  const v = (value ?? '').replace(/[\s-]/g, '');
  return PATTERN.cardNum.test(v) ? v : undefined;
}

function firstOf(queries: URLSearchParams[], names: string[], as: (v: string | null) => string | undefined): string | undefined {
  for (const name of names) {
    for (const q of queries) {
      const found = as(q.get(name));
      if (found) return found;
    }
  }
  return undefined;
}

/** The pair in a link's query (/cpe_bind?sn=…&custom_num=…, as the box's QR opens it); undefined: neither. */
export function boxFromQuery(...queries: URLSearchParams[]): BoxScan | undefined {
  return present({ serial: firstOf(queries, SERIAL_PARAMS, asSerial), customNum: firstOf(queries, CARD_PARAMS, asCardNum) });
}

function present(found: BoxScan): BoxScan | undefined {
  if (!found.serial && !found.customNum) return undefined;
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as BoxScan;
}

/** The serial and card number a scanned text carries (either may be missing); undefined: neither. */
export function boxFromScan(text: string): BoxScan | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (/^https?:\/\//i.test(t)) {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      return undefined;
    }
    // a hash-routed link keeps its query after the '#'
    return boxFromQuery(url.searchParams, new URLSearchParams(url.hash.split('?')[1] ?? ''));
  }
  const serial = asSerial(LABELLED_SERIAL.exec(t)?.[1]);
  const customNum = asCardNum(LABELLED_CARD.exec(t)?.[1]);
  return present(serial || customNum ? { serial, customNum } : { serial: asSerial(t) });
}
