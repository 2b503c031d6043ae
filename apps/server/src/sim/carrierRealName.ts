// The carrier simulator's hosted real-name pages: /sim/carrier/real-name/:ticket (URL mode, a
// form on the carrier's site) and /sim/carrier/applet/:ticket (a stand-in for the carrier's
// mini-program). Each link is made fresh by POST /api/v1/real_name/start, expires, and works
// once; on success the simulated carrier marks the line real-named and sends the browser back
// to the portal, which then asks the carrier for the result (the return itself proves nothing).
import type { FastifyInstance } from 'fastify';
import { SUPPLIER_LABEL } from '@portal/contract/enums';
import { isValidResidentId } from '@portal/domain';
import type { AppContext } from '../context';
import { simulatorBehind } from '../integrations/carrier/simulator';
import { clock } from '../lib/clock';
import { ticketOf, useTicket } from '../modules/realName';
import { esc, htmlPage, safeReturn } from './html';

const CSS = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
header{background:#0a8f5a;color:#fff;padding:14px 16px;font-size:17px}
.card{background:#fff;margin:12px;border-radius:10px;padding:18px 16px}
.muted{color:#888;font-size:13px}.err{color:#e34d59;font-size:14px}
label{display:block;font-size:14px;margin:12px 0 6px}
input{box-sizing:border-box;width:100%;height:42px;border:1px solid #ddd;border-radius:6px;padding:0 10px;font-size:15px}
button,a.btn{display:block;box-sizing:border-box;width:100%;height:46px;border:0;border-radius:23px;font-size:16px;margin-top:18px;background:#0a8f5a;color:#fff;text-align:center;line-height:46px;text-decoration:none}`;

const page = (title: string, body: string) => htmlPage(title, CSS, body);
/** An expired, used or unknown link; a known one offers the way back to the portal page it came from. */
const gone = (back?: string) =>
  page(
    '链接已失效',
    `<header>运营商实名认证</header><div class="card"><p>链接已失效</p><p class="muted">实名链接已过期或已使用，请返回门户重新发起实名认证。</p>${
      back ? `<a class="btn" href="${esc(safeReturn(back.replace(/[?&]real_name=done$/, '')))}">返回门户</a>` : ''
    }</div>`,
  );

export async function registerCarrierRealName(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const carrier = simulatorBehind(ctx.carrier);
  if (!carrier) return; // a real carrier hosts its own pages

  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const ticketState = async (ticket: string) => {
      const t = await ticketOf(ctx.db.kysely, ticket);
      return { t, live: t && !t.used_at && t.expires_at > clock.iso() ? t : null };
    };

    const form = (kind: 'real-name' | 'applet', ticket: string, carrierName: string, error = '', name = '') =>
      kind === 'real-name'
        ? `<header>${esc(carrierName)} · 实名认证</header><div class="card">
<p class="muted">根据国家规定，物联网卡须完成实名登记后方可使用。</p>${error ? `<p class="err">${esc(error)}</p>` : ''}
<form method="post" action="/sim/carrier/real-name/${esc(ticket)}">
<label for="name">姓名</label><input id="name" name="name" autocomplete="off" placeholder="请输入姓名" value="${esc(name)}">
<label for="id_number">身份证号码</label><input id="id_number" name="id_number" autocomplete="off" placeholder="请输入 18 位身份证号码">
<button type="submit">提交认证</button></form></div>`
        : `<header>${esc(carrierName)}实名小程序（模拟）</header><div class="card">
<p class="muted">真实环境中，这一步在运营商的小程序里完成（人脸识别与证件核验）。</p>
<form method="post" action="/sim/carrier/applet/${esc(ticket)}"><button type="submit">模拟小程序实名：确认认证</button></form></div>`;

    for (const kind of ['real-name', 'applet'] as const) {
      pages.get<{ Params: { ticket: string } }>(`/sim/carrier/${kind}/:ticket`, { schema: { hide: true } }, async (req, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        const { t: known, live: t } = await ticketState(req.params.ticket);
        if (!t) return reply.status(410).send(gone(known?.return_path));
        return page('实名认证', form(kind, t.ticket, SUPPLIER_LABEL[t.supplier] ?? '运营商'));
      });

      pages.post<{ Params: { ticket: string }; Body: Record<string, string> }>(
        `/sim/carrier/${kind}/:ticket`,
        { schema: { hide: true } },
        async (req, reply) => {
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
          const { t: known, live: t } = await ticketState(req.params.ticket);
          if (!t) return reply.status(410).send(gone(known?.return_path));
          if (kind === 'real-name') {
            const name = (req.body?.name ?? '').trim();
            const id = (req.body?.id_number ?? '').trim();
            const error = !/^[\u4e00-\u9fa5·]{2,30}$/.test(name)
              ? '请输入正确的中文姓名'
              : !isValidResidentId(id, clock.now())
                ? '身份证号码有误，请检查后重新输入'
                : '';
            // the ID number is neither logged nor echoed back; the name is, so a typo costs one field
            if (error)
              return reply
                .status(400)
                .send(page('实名认证', form(kind, t.ticket, SUPPLIER_LABEL[t.supplier] ?? '运营商', error, name.slice(0, 30))));
          }
          if (!(await useTicket(ctx.db.kysely, t.id, clock.iso()))) return reply.status(410).send(gone(t.return_path));
          await carrier.completeRealName(t.custom_num);
          return reply.redirect(safeReturn(t.return_path), 303);
        },
      );
    }
  });
}
