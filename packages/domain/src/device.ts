// Pure rules of the wifi devices: the plain signal verdict and the text of a "join this wifi" QR code.
import type { SignalVerdict, WifiSecurity } from '@portal/contract/enums';

/**
 * Thresholds of the 信号 强/中/弱 verdict, for LTE RSRP/SINR and 5G NR SS-RSRP/SS-SINR alike (the
 * scales are the same in dBm/dB). They follow the bands field engineers and the operators' own
 * coverage checks use:
 *   RSRP ≥ -95 dBm is good coverage (indoor CPE at a window, a MiFi in town);
 *   RSRP < -105 dBm is the edge of coverage (China Mobile's 5G acceptance line is SS-RSRP ≥ -105);
 *   SINR ≥ 13 dB carries the higher modulations (64/256QAM): fast;
 *   SINR < 0 dB: interference is louder than the cell, throughput collapses.
 * The verdict is the WORSE of the two ratings: a loud but noisy cell is as slow as a quiet one.
 * RSRQ is reported but not judged: it moves with the cell's load, not with where the device stands.
 */
export const SIGNAL_THRESHOLDS = {
  rsrpStrong: -95,
  rsrpWeak: -105,
  sinrStrong: 13,
  sinrWeak: 0,
} as const;

/**
 * Below this RSRP a device cannot register on the network at all (the cell-selection minimum,
 * Qrxlevmin, is typically -120 to -124 dBm): a switch to such a SIM fails and rolls back.
 */
export const ATTACH_MIN_RSRP = -120;

type Rating = 0 | 1 | 2;
const VERDICT_OF: Record<Rating, SignalVerdict> = { 2: 'strong', 1: 'fair', 0: 'weak' };

function rate(value: number, strong: number, weak: number): Rating {
  if (value >= strong) return 2;
  if (value < weak) return 0;
  return 1;
}

/** 强/中/弱 from RSRP (dBm) and SINR (dB); no measurement at all is 'none' (无信号). */
export function signalVerdict(signal: { rsrp: number; sinr: number } | null): SignalVerdict {
  if (!signal || !Number.isFinite(signal.rsrp) || !Number.isFinite(signal.sinr)) return 'none';
  const t = SIGNAL_THRESHOLDS;
  const worse = Math.min(rate(signal.rsrp, t.rsrpStrong, t.rsrpWeak), rate(signal.sinr, t.sinrStrong, t.sinrWeak)) as Rating;
  return VERDICT_OF[worse];
}

/** The verdict as 0–4 bars, the scale the carrier interface reports a network's signal on. */
export function signalBars(signal: { rsrp: number; sinr: number } | null): 0 | 1 | 3 | 4 {
  const bars = { none: 0, weak: 1, fair: 3, strong: 4 } as const;
  return bars[signalVerdict(signal)];
}

/** Whether a device can register on a network with this signal. */
export function canAttach(signal: { rsrp: number } | null): boolean {
  return signal !== null && Number.isFinite(signal.rsrp) && signal.rsrp >= ATTACH_MIN_RSRP;
}

/** `\ ; , : "` are escaped in a WIFI: QR text (the ZXing "WIFI:" format phones read). */
function escapeWifi(text: string): string {
  return text.replace(/([\\;,:"])/g, '\\$1');
}

/** The text of a QR code that joins a phone to this wifi (camera app → 连接网络). */
export function wifiJoinUri(w: { ssid: string; password: string; security: WifiSecurity; hidden: boolean }): string {
  // WPA3-only networks are announced as SAE; WPA2 and mixed mode join as WPA
  const type = w.security === 'wpa3' ? 'SAE' : 'WPA';
  return `WIFI:T:${type};S:${escapeWifi(w.ssid)};P:${escapeWifi(w.password)};${w.hidden ? 'H:true;' : ''};`;
}

// ---------- one truth with the line (docs/decisions/0066) ----------

/** Carrier numbers (CARRIER_LABEL) of the networks a card holder knows; 三网通 is not one network. */
const NETWORK_CARRIER: Record<string, number> = { 中国移动: 1, 中国联通: 2, 中国电信: 3 };

/**
 * The network of one SIM in a device. The SIM that IS the card (same ICCID) is on the card's own
 * network — the line's, as the carrier's records and the card list name it (network.ts
 * networkName) — whatever the device's report says: the demo MiFi 1000000016, a 中国联通 card,
 * showed 中国电信 on /cpe_network. The other SIMs of a multi-SIM device are the device's to report
 * (decision 0012: the switch is made on the device). `cardNetwork` is networkName(card).
 */
export function simCarrier(sim: { iccid: string; carrier: number }, card: { iccid: string; network: string }): number {
  if (sim.iccid !== card.iccid) return sim.carrier;
  return NETWORK_CARRIER[card.network] ?? sim.carrier;
}

/** What the device pages say of a device's report: live, or the last one from an offline device with its time. */
export interface DeviceReport {
  /** the device answers now: its signal and state are live */
  live: boolean;
  /** when the device last reported, for an offline one (when it went offline); "" when live */
  reported_at: string;
}

/**
 * A device that is offline reports nothing: what is known of it (its signal, its SIM in use) is its
 * last report, as of the time it went offline — never shown as live. A device rebooting is offline
 * too, only briefly (its back-online time is the pages' to say).
 */
export function deviceReport(d: { online: boolean; onlineChangedAt: string }): DeviceReport {
  return d.online ? { live: true, reported_at: '' } : { live: false, reported_at: d.onlineChangedAt };
}
