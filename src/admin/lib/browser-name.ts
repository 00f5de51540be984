/**
 * A browser's User-Agent in words, for the account dialog's session list: "Chrome on Android", "Safari on iPhone".
 * Only the browsers and systems staff are likely to use are named; anything else reads "Unknown browser".
 */

/** Browsers in the order they must be tested: most UAs also name the browsers they derive from (Edge says Chrome). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bSafari\/|\b(?:iPhone|iPad)\b.*\bMobile\//, 'Safari'],
];

/** Systems in test order: an iPhone also says "like Mac OS X", and Android says Linux. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function first(table: readonly (readonly [RegExp, string])[], userAgent: string): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}

/** "Chrome on Linux", "Safari on iPhone", "Firefox" (system unknown), or "Unknown browser" (e.g. a script). */
export function browserName(userAgent: string): string {
  // Command-line clients name themselves first ("curl/8.5.0"), never a browser's "Mozilla/5.0".
  const browser = userAgent.startsWith('Mozilla/') ? first(BROWSERS, userAgent) : undefined;
  const system = first(SYSTEMS, userAgent);
  if (!browser) return system ? `Unknown browser on ${system}` : 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
}
