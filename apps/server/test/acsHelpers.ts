// Devices as a fake GenieACS keeps them, for the adapter's tests and journeys.
import { fileURLToPath } from 'node:url';
import type { ContractDevice } from '../src/integrations/device/contract';
import type { FakeAcs } from '../src/integrations/device/genieacs/fake';

/** The model maps shipped with the repository. */
export const MODELS_DIR = fileURLToPath(new URL('../../../deploy/device-models/', import.meta.url));

/** A ZTE MU5001 as GenieACS stores it: the TR-181 parameters its model map names, with ZTE's extensions. */
export function zteParameters(d: ContractDevice): Record<string, string | number | boolean> {
  return {
    'Device.DeviceInfo.SoftwareVersion': 'MU5001_V1.0.0B12',
    'Device.DeviceInfo.UpTime': 86_400,
    'Device.WiFi.SSID.1.SSID': d.ssid,
    'Device.WiFi.AccessPoint.1.Security.KeyPassphrase': d.password,
    'Device.WiFi.AccessPoint.1.Security.ModeEnabled': 'WPA2-Personal',
    'Device.WiFi.AccessPoint.1.SSIDAdvertisementEnabled': true,
    'Device.WiFi.AccessPoint.1.MaxAssociatedDevices': 32,
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '5GHz',
    'Device.Hosts.Host.1.PhysAddress': 'a4:c3:f0:12:34:01',
    'Device.Hosts.Host.1.IPAddress': '192.168.0.101',
    'Device.Hosts.Host.1.HostName': '小米14',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.X_ZTE-COM_AccessBlocked': false,
    // the phone is associated with access point 1, whose SSID rides radio 1 (5GHz)
    'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
    'Device.WiFi.AccessPoint.1.AssociatedDevice.1.MACAddress': 'A4:C3:F0:12:34:01',
    'Device.WiFi.AccessPoint.1.AssociatedDevice.1.SignalStrength': -52,
    'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
    'Device.Cellular.Interface.1.IMEI': '868120041100999',
    'Device.Cellular.Interface.1.USIM.ICCID': '89860012345678901234',
    'Device.Cellular.Interface.1.RSRP': -88,
    'Device.Cellular.Interface.1.RSRQ': -10,
    'Device.Cellular.Interface.1.X_ZTE-COM_SINR': 17,
    'Device.Cellular.Interface.1.X_ZTE-COM_Band': 'n78',
    'Device.Cellular.Interface.1.CurrentAccessTechnology': 'NR',
    'Device.Cellular.Interface.1.PreferredAccessTechnology': 'AUTO',
    'Device.Cellular.AccessPoint.1.APN': 'cmiot',
  };
}

/** A Huawei E5785 MiFi (TR-098 with Huawei's extensions; no client blocking over TR-069). */
export function huaweiParameters(d: ContractDevice): Record<string, string | number | boolean> {
  return {
    'InternetGatewayDevice.DeviceInfo.SoftwareVersion': '11.0.2.1',
    'InternetGatewayDevice.DeviceInfo.UpTime': 3600,
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID': d.ssid,
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase': d.password,
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.BeaconType': '11i',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSIDAdvertisementEnabled': true,
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.X_HW_MaxAssociatedDevices': 16,
    'InternetGatewayDevice.LANDevice.1.Hosts.Host.1.MACAddress': '3c:22:fb:44:55:04',
    'InternetGatewayDevice.LANDevice.1.Hosts.Host.1.IPAddress': '192.168.8.100',
    'InternetGatewayDevice.LANDevice.1.Hosts.Host.1.HostName': 'MacBook',
    'InternetGatewayDevice.LANDevice.1.Hosts.Host.1.Active': true,
    'InternetGatewayDevice.X_HW_Cellular.IMEI': '861234567890123',
    'InternetGatewayDevice.X_HW_Cellular.ICCID': '89860312345678901234',
    'InternetGatewayDevice.X_HW_Cellular.RSRP': -101,
    'InternetGatewayDevice.X_HW_Cellular.RSRQ': -12,
    'InternetGatewayDevice.X_HW_Cellular.SINR': 6,
    'InternetGatewayDevice.X_HW_Cellular.Band': 'B3',
    'InternetGatewayDevice.X_HW_Cellular.CurrentNetworkMode': 'LTE',
    'InternetGatewayDevice.X_HW_Battery.Level': 64,
  };
}

/** The demo's 5G CPE (a ZTE MU5001, online, its Wi-Fi ZTE-CPE) as the fake ACS takes it: `serial` is the demo's. */
export function demoZteCpe(serial: string, lastInform?: number): Parameters<FakeAcs['addDevice']>[0] {
  return {
    manufacturer: 'ZTE',
    oui: '00D0D0',
    productClass: 'MU5001',
    serial,
    parameters: zteParameters({ online: true, ssid: 'ZTE-CPE', password: 'zte-pass-1' }),
    online: true,
    ...(lastInform === undefined ? {} : { lastInform }),
  };
}
