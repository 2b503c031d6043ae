// A fake of WeChat Pay's merchant transfer (商家转账) for tests and a developer's machine, behind the
// same HttpTransport the real adapter uses (docs/decisions/0036-wechat-payout.md). It does what the
// gateway does to a request: checks the merchant's signature (serial, timestamp window, signature
// over the exact bytes), the AppID, the scene's report entries and the encrypted payee name; keeps
// one bill per out_bill_no (the same number again answers the same bill, with other details it is
// refused); answers signed with the platform key. What happens to a transfer is chosen by the
// payee's name: 模拟失败 fails as a name mismatch, 模拟处理中 waits for the payee's confirmation
// (WAIT_USER_CONFIRM with a package_info, docs/decisions/0039-payee-confirms-transfer.md); anyone
// else is paid at once (as for a payee who authorised transfers without confirmation). A waiting
// bill is confirmed by its own payee through confirmByPayee (what WeChat does when the payee taps
// 确认收款 on the page requestMerchantTransfer opened: TRANSFERING, then SUCCESS), is closed
// CANCELLED 24 hours after it was made, and can be withdrawn with 撤销转账 (CANCELING, then
// CANCELLED).
import { randomBytes, type KeyObject } from 'node:crypto';
import { TransportError, type HttpRequest, type HttpResponse, type HttpTransport } from '../../http/transport';
import { platformHeaders } from '../../payment/wechatpay/gatewaySide';
import { requestMessage, rsaVerify } from '../../payment/wechatpay/sign';
import { REPLAY_WINDOW_SECONDS } from '../../payment/wechatpay/verify';
import { CONFIRM_WINDOW_MS, type TransferBill } from './bill';
import { NAME_REQUIRED_FROM_FEN, TRANSFER_PATH } from './gateway';
import { decryptSensitive } from './sensitive';

export const FAKE_FAILING_PAYEE = '模拟失败';
export const FAKE_WAITING_PAYEE = '模拟处理中';

const SCENE_REPORTS: Record<string, string[]> = { '1005': ['岗位类型', '报酬说明'], '1000': ['活动名称', '奖励说明'] };

export interface FakeWechatTransferOptions {
  mchid: string;
  appid: string;
  /** the merchant certificate's serial and public key: requests must be signed with its private key */
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  /** the platform's key pair: answers are signed with it, the payee's name decrypts with it */
  platformSerial: string;
  platformPrivateKey: KeyObject;
  now?: () => number;
}

interface Kept {
  bill: Required<Pick<TransferBill, 'out_bill_no' | 'transfer_bill_no' | 'state' | 'create_time' | 'update_time'>> & TransferBill;
  request: Record<string, unknown>;
  payee: string | null;
  /** the package_info 发起转账 answered while the bill waited for its payee */
  issuedPackage?: string;
}

export class FakeWechatTransfer {
  readonly requests: HttpRequest[] = [];
  /** requests refused for their signature, for tests */
  readonly refusedSignatures: string[] = [];
  /** bills that moved money (SUCCESS): a repeated number never adds one */
  paidCount = 0;
  /** while true the gateway cannot be reached */
  down = false;
  /** the next 发起转账 is refused with this answer (a test plays e.g. a scene the merchant lost) */
  refuseNextCreate: { status: number; code: string; message: string } | null = null;
  private readonly bills = new Map<string, Kept>();
  private readonly now: () => number;
  private seq = 0;

  constructor(private readonly o: FakeWechatTransferOptions) {
    this.now = o.now ?? Date.now;
  }

  readonly transport: HttpTransport = async (req) => {
    if (this.down) throw new TransportError('api.mch.weixin.qq.com unreachable: fake is down');
    this.requests.push(req);
    const url = new URL(req.url);
    const path = `${url.pathname}${url.search}`;
    const refusal = this.checkSignature(req, path);
    if (refusal) {
      this.refusedSignatures.push(refusal);
      return plain(401, { code: 'SIGN_ERROR', message: `签名错误（${refusal}）` });
    }
    if (req.method === 'POST' && url.pathname === TRANSFER_PATH) return this.create(req);
    const m = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const kept = this.bills.get(decodeURIComponent(m[1]!));
      if (!kept) return plain(404, { code: 'NOT_FOUND', message: '记录不存在' });
      this.advance(kept);
      return this.signed(200, this.queryView(kept));
    }
    const c = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)\/cancel$/.exec(url.pathname);
    if (c && req.method === 'POST') return this.cancel(decodeURIComponent(c[1]!));
    return plain(404, { code: 'NOT_FOUND', message: '接口不存在' });
  };

  /** A test settles a waiting bill, as the payee confirming (SUCCESS), the gateway failing, or a cancel. */
  settle(outBillNo: string, state: 'SUCCESS' | 'FAIL' | 'CANCELLED', failReason?: string): void {
    const kept = this.bills.get(outBillNo);
    if (!kept) throw new Error(`no bill ${outBillNo}`);
    this.move(kept, state, failReason);
  }

  stateOf(outBillNo: string): string | undefined {
    const kept = this.bills.get(outBillNo);
    if (kept) this.advance(kept);
    return kept?.bill.state;
  }

  /**
   * The payee taps 确认收款 on the page requestMerchantTransfer opened with this package: WeChat
   * checks the package is a live bill's and that the WeChat user is the bill's openid. 'ok' moves
   * the bill to TRANSFERING (SUCCESS when next read); otherwise what WeChat tells the user, and
   * nothing changes.
   */
  confirmByPayee(packageInfo: string, openid: string): 'ok' | string {
    const kept = [...this.bills.values()].find((k) => k.issuedPackage === packageInfo);
    if (!kept) return '转账单号错误，请返回商家重新发起收款';
    this.advance(kept);
    if (kept.bill.state !== 'WAIT_USER_CONFIRM')
      return kept.bill.state === 'SUCCESS' || kept.bill.state === 'TRANSFERING' ? '你已收款' : '该笔转账已失效';
    if (kept.bill.openid !== openid) return '你的微信号与商家指定的微信号不一致';
    kept.bill.state = 'TRANSFERING';
    kept.bill.update_time = this.rfc3339();
    delete kept.bill.package_info;
    return 'ok';
  }

  /** The package of a waiting bill, as 发起转账 answered it (a test plays the payee with it). */
  packageOf(outBillNo: string): string | undefined {
    return this.bills.get(outBillNo)?.issuedPackage;
  }

  /**
   * What the gateway does on its own between two reads: a confirmed transfer arrives (TRANSFERING
   * → SUCCESS), an accepted cancel completes (CANCELING → CANCELLED), a bill left unconfirmed for
   * 24 hours is closed (CANCELLED).
   */
  private advance(kept: Kept): void {
    const b = kept.bill;
    if (b.state === 'TRANSFERING') this.move(kept, 'SUCCESS');
    else if (b.state === 'CANCELING') this.move(kept, 'CANCELLED');
    else if (b.state === 'WAIT_USER_CONFIRM' && this.now() >= Date.parse(b.create_time) + CONFIRM_WINDOW_MS) this.move(kept, 'CANCELLED');
  }

  /** 撤销转账: before the payee confirms only; accepted as CANCELING, CANCELLED when next read. */
  private cancel(outBillNo: string): HttpResponse {
    const kept = this.bills.get(outBillNo);
    if (!kept) return plain(404, { code: 'NOT_FOUND', message: '记录不存在' });
    this.advance(kept);
    const b = kept.bill;
    if (['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM'].includes(b.state)) {
      b.state = 'CANCELING';
      b.update_time = this.rfc3339();
      delete b.package_info;
    } else if (b.state !== 'CANCELING' && b.state !== 'CANCELLED')
      return plain(400, { code: 'INVALID_REQUEST', message: '当前转账单状态不支持撤销' });
    return this.signed(200, {
      out_bill_no: b.out_bill_no,
      transfer_bill_no: b.transfer_bill_no,
      state: b.state,
      update_time: b.update_time,
    });
  }

  private checkSignature(req: HttpRequest, path: string): string | null {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return 'no_authorization';
    const fields = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1]!, x[2]!]));
    if (fields.mchid !== this.o.mchid) return 'wrong_mchid';
    if (fields.serial_no?.toUpperCase() !== this.o.merchantSerial.toUpperCase()) return 'wrong_serial';
    if (!/^\d+$/.test(fields.timestamp ?? '') || Math.abs(this.now() / 1000 - Number(fields.timestamp)) > REPLAY_WINDOW_SECONDS)
      return 'stale';
    const message = requestMessage(req.method, path, fields.timestamp!, fields.nonce_str ?? '', req.body ?? '');
    if (!rsaVerify(message, fields.signature ?? '', this.o.merchantPublicKey)) return 'bad_signature';
    return null;
  }

  private create(req: HttpRequest): HttpResponse {
    if (this.refuseNextCreate) {
      const { status, code, message } = this.refuseNextCreate;
      this.refuseNextCreate = null;
      return plain(status, { code, message });
    }
    const b = parse(req.body ?? '') as Record<string, unknown> | null;
    if (!b) return plain(400, { code: 'PARAM_ERROR', message: '请求体不是合法的JSON' });
    const no = b.out_bill_no;
    if (typeof no !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(no)) return plain(400, { code: 'PARAM_ERROR', message: '商户单号格式错误' });
    if (b.appid !== this.o.appid) return plain(400, { code: 'INVALID_REQUEST', message: 'AppID与商户号不匹配' });
    const amount = b.transfer_amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 10)
      return plain(400, { code: 'PARAM_ERROR', message: '转账金额须为不少于10分的整数' });
    if (typeof b.openid !== 'string' || !b.openid) return plain(400, { code: 'PARAM_ERROR', message: '缺少收款用户OpenID' });
    if (typeof b.transfer_remark !== 'string' || !b.transfer_remark || [...b.transfer_remark].length > 32)
      return plain(400, { code: 'PARAM_ERROR', message: '转账备注须为1到32个字符' });
    const scene = String(b.transfer_scene_id ?? '');
    const needed = SCENE_REPORTS[scene];
    if (!needed) return plain(400, { code: 'INVALID_REQUEST', message: '该转账场景不可用' });
    const reports = Array.isArray(b.transfer_scene_report_infos) ? (b.transfer_scene_report_infos as { info_type?: unknown }[]) : [];
    if (needed.some((t) => !reports.some((r) => r.info_type === t)))
      return plain(400, { code: 'PARAM_ERROR', message: '未传入完整且对应的转账场景报备信息,请根据接口文档检查' });
    let payee: string | null = null;
    if (b.user_name !== undefined) {
      if (req.headers['wechatpay-serial'] !== this.o.platformSerial)
        return plain(400, { code: 'PARAM_ERROR', message: 'Wechatpay-Serial 与加密敏感信息的公钥不一致' });
      payee = typeof b.user_name === 'string' ? decryptSensitive(b.user_name, this.o.platformPrivateKey) : null;
      if (payee === null) return plain(400, { code: 'PARAM_ERROR', message: '收款用户姓名解密失败' });
    } else if (amount >= NAME_REQUIRED_FROM_FEN)
      return plain(400, { code: 'PARAM_ERROR', message: '转账金额>=2000元时，收款用户姓名必填' });

    const earlier = this.bills.get(no);
    if (earlier) {
      // the same out_bill_no is the same transfer: the gateway answers the bill it has
      const same = ['openid', 'transfer_amount', 'transfer_scene_id', 'appid'].every((k) => earlier.request[k] === b[k]);
      if (!same) return plain(400, { code: 'INVALID_REQUEST', message: '商户单号重复，且与原单请求参数不一致' });
      this.advance(earlier);
      return this.signed(200, this.createView(earlier));
    }
    const at = this.rfc3339();
    this.seq += 1;
    const kept: Kept = {
      bill: {
        mch_id: this.o.mchid,
        appid: this.o.appid,
        out_bill_no: no,
        transfer_bill_no: `1330000${String(this.seq).padStart(6, '0')}${randomBytes(6).toString('hex').toUpperCase()}`,
        state: 'ACCEPTED',
        transfer_amount: amount,
        openid: b.openid,
        create_time: at,
        update_time: at,
      },
      request: b,
      payee,
    };
    this.bills.set(no, kept);
    if (payee?.trim() === FAKE_FAILING_PAYEE) this.move(kept, 'FAIL', 'NAME_NOT_CORRECT');
    else if (payee?.trim() === FAKE_WAITING_PAYEE) {
      kept.bill.state = 'WAIT_USER_CONFIRM';
      // opaque to the merchant, as WeChat's is (base64 of a random blob)
      kept.issuedPackage = `ABBQO+oYAAABAAAAAA${randomBytes(48).toString('base64')}`;
      kept.bill.package_info = kept.issuedPackage;
    } else this.move(kept, 'SUCCESS');
    return this.signed(200, this.createView(kept));
  }

  private move(kept: Kept, state: 'SUCCESS' | 'FAIL' | 'CANCELLED', failReason?: string): void {
    const final = ['SUCCESS', 'FAIL', 'CANCELLED'];
    if (final.includes(kept.bill.state)) throw new Error(`bill ${kept.bill.out_bill_no} is already ${kept.bill.state}`);
    kept.bill.state = state;
    kept.bill.update_time = this.rfc3339();
    delete kept.bill.package_info;
    if (state === 'FAIL') kept.bill.fail_reason = failReason ?? 'OTHER_FAIL_REASON_TYPE';
    if (state === 'SUCCESS') this.paidCount += 1;
  }

  /** 发起转账's answer: out_bill_no, transfer_bill_no, create_time, state, and fail_reason / package_info when they apply */
  private createView(k: Kept): TransferBill {
    const b = k.bill;
    return {
      out_bill_no: b.out_bill_no,
      transfer_bill_no: b.transfer_bill_no,
      create_time: b.create_time,
      state: b.state,
      ...(b.fail_reason ? { fail_reason: b.fail_reason } : {}),
      ...(b.package_info ? { package_info: b.package_info } : {}),
    };
  }

  /** 商户单号查询转账单's answer */
  private queryView(k: Kept): TransferBill {
    const { package_info: _p, ...rest } = k.bill;
    return { ...rest, transfer_remark: String(k.request.transfer_remark) } as TransferBill;
  }

  private signed(status: number, body: unknown): HttpResponse {
    const text = JSON.stringify(body);
    return {
      status,
      headers: platformHeaders(this.o.platformPrivateKey, this.o.platformSerial, text, {
        timestamp: String(Math.floor(this.now() / 1000)),
      }),
      body: text,
    };
  }

  private rfc3339(): string {
    return `${new Date(this.now() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
  }
}

/** An error answer: the gateway signs errors too, but the adapter reads them unsigned (nothing is believed from them). */
function plain(status: number, body: { code: string; message: string }): HttpResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
