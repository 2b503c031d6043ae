// 邀请海报: the holder's invitation as one picture to save or send — the agent's brand (name and
// logo), a QR code of the holder's invite link and their code — drawn on a canvas and shown as an
// image. Browsers inside messaging apps cannot download a file, so the image is there to long-press
// (保存图片 / 发送给朋友); elsewhere 保存图片 downloads it. The layout is model/poster.ts.
import { useState } from 'react';
import { Popup } from '../../../lib/ui';
import { POSTER, posterTexts, QR_BOX, QR_MARGIN, qrPlacement, type PosterFacts } from '../model/poster';
import styles from './InvitePoster.module.css';

const FONT = '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';

export interface InvitePosterProps extends PosterFacts {
  /** the invite link the QR code opens */
  link: string;
  /** the brand's logo URL, "" for none */
  logo: string;
}

function loadImage(src: string): Promise<HTMLImageElement | null> {
  if (!src) return Promise.resolve(null);
  return new Promise((resolve) => {
    const img = new Image();
    // a logo from another origin without CORS would taint the canvas: then the poster goes without it
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

async function drawPoster(p: InvitePosterProps, withLogo: boolean): Promise<string> {
  const { encodeQr } = await import('../../../lib/qr/encodeQr');
  const qr = encodeQr(p.link);
  const canvas = document.createElement('canvas');
  canvas.width = POSTER.width;
  canvas.height = POSTER.height;
  const ctx = canvas.getContext('2d')!;

  const sky = ctx.createLinearGradient(0, 0, 0, POSTER.height);
  sky.addColorStop(0, '#127eff');
  sky.addColorStop(1, '#0b4fb3');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, POSTER.width, POSTER.height);
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, 60, 440, POSTER.width - 120, 700, 28);

  // the brand: its logo, or a badge with the name's first character
  const logo = withLogo ? await loadImage(p.logo) : null;
  ctx.save();
  ctx.beginPath();
  ctx.arc(100, 98, 30, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  if (logo) {
    ctx.clip();
    ctx.drawImage(logo, 70, 68, 60, 60);
  } else {
    ctx.fillStyle = '#127eff';
    ctx.font = `600 30px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText([...p.appName.trim()][0] ?? '', 100, 99);
  }
  ctx.restore();

  // the QR code on its own white square (a quiet zone for the scanners)
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(QR_BOX.x - QR_MARGIN, QR_BOX.y - QR_MARGIN, QR_BOX.size + 2 * QR_MARGIN, QR_BOX.size + 2 * QR_MARGIN);
  const place = qrPlacement(qr.size);
  ctx.save();
  ctx.translate(place.x, place.y);
  ctx.scale(place.module, place.module);
  ctx.fillStyle = '#000000';
  ctx.fill(new Path2D(qr.d));
  ctx.restore();

  ctx.textBaseline = 'alphabetic';
  for (const t of posterTexts(p)) {
    ctx.font = `${t.weight} ${t.size}px ${FONT}`;
    ctx.fillStyle = t.color;
    ctx.textAlign = t.align;
    ctx.fillText(t.text, t.x, t.y, POSTER.width - 80);
  }
  return canvas.toDataURL('image/png');
}

/** The poster's image; without the logo when the logo cannot be drawn into an image. */
async function posterImage(p: InvitePosterProps): Promise<string> {
  try {
    return await drawPoster(p, true);
  } catch {
    return drawPoster(p, false);
  }
}

export function InvitePoster(props: InvitePosterProps) {
  const [image, setImage] = useState<string>();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  async function make() {
    setOpen(true);
    setFailed(false);
    try {
      setImage(await posterImage(props));
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => void make()}>
        生成邀请海报
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName={styles.sheet} destroyOnClose>
        <h2 className={styles.title}>邀请海报</h2>
        {image ? (
          <img className={styles.poster} src={image} alt={`邀请海报：邀请码 ${props.code}`} data-testid="invite-poster" />
        ) : failed ? (
          <p className={styles.hint} role="alert">
            海报生成失败，请稍后重试，或复制链接分享
          </p>
        ) : (
          <div className={styles.placeholder}>
            <span className="app-spinner" role="status" aria-label="正在生成海报" />
          </div>
        )}
        <p className={styles.hint}>长按图片，可保存到相册或发送给好友</p>
        <div className={styles.actions}>
          {image ? (
            <a className="app-btn app-btn--ghost" href={image} download={`邀请海报-${props.code}.png`}>
              保存图片
            </a>
          ) : (
            <span />
          )}
          <button type="button" className="app-btn app-btn--primary" onClick={() => setOpen(false)}>
            关闭
          </button>
        </div>
      </Popup>
    </>
  );
}
