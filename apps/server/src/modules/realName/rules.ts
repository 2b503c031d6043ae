// Pure rules of real-name verification (table-tested in rules.test.ts).
import { Supplier } from '@portal/contract/enums';

/** The carrier family that runs a card's real-name (docs/spec/portal-spec.md §3, "Real-name supplier"). */
export function realNameSupplierOf(supplier: number): number {
  if (supplier === Supplier.JointUnicom) return Supplier.Unicom;
  if (supplier === Supplier.XunCao) return 8; // Bajun: special real-name info
  return supplier;
}

/** The portal's carrier page for a real-name supplier. */
export function realNamePageOf(realNameSupplier: number): string {
  switch (realNameSupplier) {
    case 1:
      return '/yd_real_name';
    case 2:
      return '/lt_real_name';
    case 3:
      return '/dx_real_name';
    case 8:
      return '/bj_real_name';
    case 12:
    case 13:
      return '/cme_real_name';
    default:
      return '/fe_real_name';
  }
}

/**
 * Where the carrier may send the browser back: a path of the portal only. Anything else (an
 * absolute URL, a protocol-relative `//host`, backslashes) falls back to home.
 */
export function safeReturnPath(value: string | undefined | null, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (value.length > 300 || [...value].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  return value;
}

/** Appends `real_name=done` to a portal path, keeping its query. */
export function withDoneFlag(path: string): string {
  return path + (path.includes('?') ? '&' : '?') + 'real_name=done';
}

/**
 * Carriers that take the ID card's photos with the personal information: Telecom, CME and
 * Broadcast verify against the document image; the others check name and number only.
 */
export function needsIdPhotos(realNameSupplier: number): boolean {
  return realNameSupplier === 3 || realNameSupplier === 12 || realNameSupplier === 13;
}
