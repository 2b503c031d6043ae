// Which device the wifi-device pages show. A router owner thinks of "my router", not of a card:
// the current card when it is in a device (the owner came from that card), otherwise the first of
// their devices. Switching the device on /cpe makes its card the current card, so /wifi_setting and
// /change (which work on the current card) show the same device.
import type { DeviceSummary } from '@portal/contract';

export function chooseDevice<D extends Pick<DeviceSummary, 'custom_num'>>(
  currentCard: string | undefined,
  list: readonly D[],
): D | undefined {
  return list.find((d) => d.custom_num === currentCard) ?? list[0];
}
