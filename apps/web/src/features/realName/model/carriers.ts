// The carrier real-name pages (spec section 2): what each is called and what the user does.
import { RealNameMode } from '@portal/contract/enums';

export type CarrierPage = 'lt' | 'yd' | 'dx' | 'cme' | 'bj' | 'fe';

export const CARRIER_PAGES: Record<CarrierPage, { path: string; carrier: string }> = {
  lt: { path: '/lt_real_name', carrier: '中国联通' },
  yd: { path: '/yd_real_name', carrier: '中国移动' },
  dx: { path: '/dx_real_name', carrier: '中国电信' },
  cme: { path: '/cme_real_name', carrier: '中国广电' },
  bj: { path: '/bj_real_name', carrier: '八骏' },
  fe: { path: '/fe_real_name', carrier: '运营商' },
};

export function realNameSteps(carrier: string, mode: number): string[] {
  return mode === RealNameMode.Url
    ? [`点击下方“开始认证”，进入${carrier}实名认证页面`, '按页面提示填写机主姓名、身份证号码，完成认证', '认证完成后自动返回本页，系统将查询认证结果']
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
