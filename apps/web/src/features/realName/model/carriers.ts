// The carrier real-name pages (docs/spec/portal-spec.md §2): what each is called and what the user does.
import { RealNameMode, Supplier, SUPPLIER_LABEL } from '@portal/contract/enums';

export type CarrierPage = 'lt' | 'yd' | 'dx' | 'cme' | 'bj' | 'fe';

export const CARRIER_PAGES: Record<CarrierPage, { path: string; carrier: string }> = {
  lt: { path: '/lt_real_name', carrier: '中国联通' },
  yd: { path: '/yd_real_name', carrier: '中国移动' },
  dx: { path: '/dx_real_name', carrier: '中国电信' },
  cme: { path: '/cme_real_name', carrier: '中国广电' },
  // resellers' and devices' cards: named by the card's own network (networkName), never the supplier
  bj: { path: '/bj_real_name', carrier: '' },
  fe: { path: '/fe_real_name', carrier: '' },
};

/**
 * The network a page names (its title "<network>实名认证", its steps). The carrier pages name their
 * carrier; /bj_real_name and /fe_real_name serve resellers' (八骏, 耐族…) and devices' cards, and
 * name the network the user knows from the card (card info's network, by @portal/domain networkName): "" when unknown,
 * so the title is plain "实名认证".
 */
export function carrierName(page: CarrierPage, network: string): string {
  return CARRIER_PAGES[page].carrier || network;
}

/** Suppliers whose own verification page or applet the user is sent to, under their brand. */
const NAMED_VERIFIERS: ReadonlySet<number> = new Set([Supplier.XunCao, Supplier.NaiZu, Supplier.CoolFish, Supplier.YiRan]);

/**
 * Where the supplier matters: a reseller that verifies the holder itself (its page or applet
 * carries its brand) is named once, as who provides the verification, so its brand on the next
 * page is no surprise. "" for the carriers' own pages and for suppliers that are no brand.
 */
export function verifierName(page: CarrierPage, supplier: number | undefined): string {
  if (page !== 'bj' && page !== 'fe') return '';
  return supplier !== undefined && NAMED_VERIFIERS.has(supplier) ? SUPPLIER_LABEL[supplier]! : '';
}

/** The mode a page describes. A Bajun card with its own real-name address is verified on that
 *  web page (the server answers it as the link), whatever the supplier's usual mode. */
export function pageMode(page: CarrierPage, mode: number, bajunUrl: string | undefined): number {
  return page === 'bj' && bajunUrl ? RealNameMode.Url : mode;
}

export function realNameSteps(carrier: string, mode: number): string[] {
  return mode === RealNameMode.Url
    ? [
        `点击下方“开始认证”，进入${carrier}实名认证页面`,
        '按页面提示填写机主姓名、身份证号码，完成认证',
        '认证完成后自动返回本页，系统将查询认证结果',
      ]
    : [`点击下方“开始认证”，打开${carrier}实名认证小程序`, '在小程序中确认机主信息并完成人脸识别', '完成后返回本页，系统将查询认证结果'];
}

/** The carrier sends the user back to the page with ?real_name=done. */
export function cameBackDone(search: string): boolean {
  return new URLSearchParams(search).get('real_name') === 'done';
}

const PATHS: ReadonlySet<string> = new Set(Object.values(CARRIER_PAGES).map((p) => p.path));

/** The carrier page the server named, if it is one of ours (never an arbitrary path). */
export function carrierPath(page: string | undefined): string {
  return page && PATHS.has(page) ? page : CARRIER_PAGES.fe.path;
}
