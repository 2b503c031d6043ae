// The carrier simulator's line console: /sim/carrier/line/:num shows a line's usage today and
// pushes it up (增加今日用量), as a heavy day of use would — the way to make a data alert fire in a
// demo or a browser journey. Only the line's number and its usage are shown: nothing of its holder.
import type { FastifyInstance } from 'fastify';
import { chinaDate, formatKb } from '@portal/domain';
import type { AppContext } from '../context';
import { simulatorBehind } from '../integrations/carrier/simulator';
import { clock } from '../lib/clock';
import { esc, htmlPage } from './html';

const CSS = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
header{background:#0a8f5a;color:#fff;padding:14px 16px;font-size:17px}
.card{background:#fff;margin:12px;border-radius:10px;padding:18px 16px}
.muted{color:#888;font-size:13px}
label{display:block;font-size:14px;margin:12px 0 6px}
input{box-sizing:border-box;width:100%;height:44px;border:1px solid #ddd;border-radius:6px;padding:0 10px;font-size:15px}
button{display:block;box-sizing:border-box;width:100%;height:46px;border:0;border-radius:23px;font-size:16px;margin-top:18px;background:#0a8f5a;color:#fff}`;

const LINE = /^\d{6,20}$/;
/** one push at most (GB): a generous day, and a bound on what a form can add */
const MAX_GB = 1000;

export async function registerCarrierUsage(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const carrier = simulatorBehind(ctx.carrier);
  if (!carrier) return; // a real carrier counts real traffic

  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const panel = async (num: string, note = '') => {
      let today: number | null = null;
      if (LINE.test(num)) {
        try {
          const day = chinaDate(clock.now());
          today = (await carrier.usage(num, day, day, clock.now()))[0]?.usedKb ?? 0;
        } catch {
          today = null;
        }
      }
      if (today === null)
        return htmlPage('线路不存在', CSS, `<header>运营商模拟器</header><div class="card"><p>没有号码为 ${esc(num)} 的线路</p></div>`);
      return htmlPage(
        `运营商模拟器 · ${num}`,
        CSS,
        `<header>运营商模拟器（演示用）</header><div class="card"><p>线路 ${esc(num)}</p><p>今日用量 <b id="today">${formatKb(today)}</b></p>${
          note ? `<p class="muted" role="status">${esc(note)}</p>` : ''
        }
<form method="post" action="/sim/carrier/line/${esc(num)}/usage"><label for="gb">增加今日用量（GB）</label>
<input id="gb" name="gb" inputmode="decimal" value="10"><button type="submit">增加今日用量</button></form></div>`,
      );
    };

    pages.get<{ Params: { num: string } }>('/sim/carrier/line/:num', { schema: { hide: true } }, async (req, reply) =>
      reply.type('text/html; charset=utf-8').send(await panel(req.params.num)),
    );
    pages.post<{ Params: { num: string }; Body: { gb?: string } }>(
      '/sim/carrier/line/:num/usage',
      { schema: { hide: true } },
      async (req, reply) => {
        const num = req.params.num;
        const gb = Number(req.body?.gb);
        if (!LINE.test(num) || !Number.isFinite(gb) || gb <= 0 || gb > MAX_GB)
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(await panel(num, `请填写0到${MAX_GB}之间的用量（GB）`));
        try {
          await carrier.addUsage(num, gb * 1024 * 1024, clock.now());
        } catch {
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(await panel(num));
        }
        return reply.redirect(`/sim/carrier/line/${encodeURIComponent(num)}`, 303);
      },
    );
  });
}
