/** What a User-Agent header says about the device: for session lists, sign-in notices, dashboards. */
import type { DeviceType } from '@zema/contracts';
// ua-parser-js 1.x: MIT (2.x is AGPL-3.0, which would bind every deployment of Zema).
import { UAParser } from 'ua-parser-js';

export type DeviceInfo = { device_type: DeviceType; platform: string | null; browser: string | null };

/** Device type (mobile, tablet, otherwise computer), OS name + version, browser name + major. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = new UAParser(userAgent ?? '').getResult();
  const type = ua.device.type;
  const device_type: DeviceType = type === 'mobile' ? 'mobile' : type === 'tablet' ? 'tablet' : 'computer';
  const platform = [ua.os.name, ua.os.version].filter(Boolean).join(' ') || null;
  const browser = [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') || null;
  return { device_type, platform, browser };
}

/**
 * Device type with OS and browser names, without versions: what the admin dashboard groups plays
 * by (a version would split one browser into dozens of rows).
 */
export function describeUserAgentNames(userAgent: string | null | undefined): DeviceInfo {
  const ua = new UAParser(userAgent ?? '').getResult();
  const type = ua.device.type;
  const device_type: DeviceType = type === 'mobile' ? 'mobile' : type === 'tablet' ? 'tablet' : 'computer';
  return { device_type, platform: ua.os.name || null, browser: ua.browser.name || null };
}

/**
 * What makes a device "the same" for sign-in notices: device type, browser and OS names, without
 * versions, so a browser or system update does not look like a stranger.
 */
export function deviceKey(userAgent: string | null | undefined): string {
  const ua = new UAParser(userAgent ?? '').getResult();
  const type = ua.device.type === 'mobile' || ua.device.type === 'tablet' ? ua.device.type : 'computer';
  return [type, ua.browser.name ?? '', ua.os.name ?? ''].join('|').slice(0, 200);
}
