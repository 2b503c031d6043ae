// The device simulator's hardware panel: /sim/device/:serial shows whether the device is on, and
// switches it on or off, as a person holding the device would (the demo's offline MiFi
// MIFI4G-C0016 comes back with 模拟上电, and the changes queued for it then apply). Nothing of the
// owner's (wifi password, clients) is shown: only the serial's power state.
import type { FastifyInstance } from 'fastify';
import { DEVICE_SERIAL } from '@portal/contract/patterns/device';
import type { AppContext } from '../context';
import { RoutedDeviceGateway } from '../integrations/device/routed';
import { DeviceSimulator } from '../integrations/device/simulator';
import { esc, htmlPage } from './html';

const CSS = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
header{background:#333;color:#fff;padding:14px 16px;font-size:17px}
.card{background:#fff;margin:12px;border-radius:10px;padding:18px 16px}
.muted{color:#888;font-size:13px}.on{color:#0a8f5a}.off{color:#e34d59}
button{display:block;box-sizing:border-box;width:100%;height:46px;border:0;border-radius:23px;font-size:16px;margin-top:18px;background:#127eff;color:#fff}`;

export async function registerDevicePanel(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // beside real routers (an ACS), the simulator still keeps the serials no ACS knows
  const devices = ctx.devices instanceof RoutedDeviceGateway ? ctx.devices.simulator : ctx.devices;
  if (!(devices instanceof DeviceSimulator)) return; // real devices have real power buttons

  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const panel = async (serial: string) => {
      const s = DEVICE_SERIAL.pattern.test(serial) ? await devices.status(serial.toUpperCase()) : null;
      if (!s)
        return htmlPage('设备不存在', CSS, `<header>设备模拟器</header><div class="card"><p>没有序列号为 ${esc(serial)} 的设备</p></div>`);
      const state = s.online
        ? `<p class="on">在线</p>`
        : s.backOnlineAt
          ? `<p class="off">重启中</p>`
          : `<p class="off">离线</p><p class="muted">设备离线期间的设置变更会在上线后生效。</p>`;
      return htmlPage(
        `设备模拟器 · ${s.serial}`,
        CSS,
        `<header>设备模拟器（演示用）</header><div class="card"><p>${esc(s.modelName)}</p><p class="muted">序列号 ${esc(s.serial)}</p>${state}
<form method="post" action="/sim/device/${esc(s.serial)}/power"><input type="hidden" name="on" value="${s.online ? '0' : '1'}">
<button type="submit">${s.online ? '模拟断电（设备离线）' : '模拟上电（设备上线）'}</button></form></div>`,
      );
    };

    pages.get<{ Params: { serial: string } }>('/sim/device/:serial', { schema: { hide: true } }, async (req, reply) =>
      reply.type('text/html; charset=utf-8').send(await panel(req.params.serial)),
    );
    pages.post<{ Params: { serial: string }; Body: { on?: string } }>(
      '/sim/device/:serial/power',
      { schema: { hide: true } },
      async (req, reply) => {
        const serial = req.params.serial.toUpperCase();
        if (DEVICE_SERIAL.pattern.test(serial) && (await devices.status(serial))) {
          if (req.body?.on === '1') await devices.powerOn(serial);
          else if (req.body?.on === '0') await devices.powerOff(serial);
        }
        return reply.redirect(`/sim/device/${encodeURIComponent(serial)}`, 303);
      },
    );
  });
}
