import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--disable-dev-shm-usage'] });
for (const path of ['/', '/about/', '/contact/', '/blog/', '/children/', '/programs/', '/samu']) {
  const context = await browser.newContext({ baseURL: 'http://localhost:8899' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const t0 = Date.now();
  await page.goto(path, { waitUntil: 'load' });
  const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const loadMs = Date.now() - t0;
  await page.waitForTimeout(3000);
  const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(3000);
  const m2 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await page.waitForTimeout(3000);
  const m3 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const f = (a, b, k) => ((b[k] - a[k]) * 1000).toFixed(0);
  console.log(path.padEnd(12), 'load', loadMs, 'ms; task to load', (m0.TaskDuration*1000).toFixed(0), 'script', (m0.ScriptDuration*1000).toFixed(0), 'layout', (m0.LayoutDuration*1000).toFixed(0), 'style', (m0.RecalcStyleDuration*1000).toFixed(0),
   '| idle 3s task', f(m0, m1, 'TaskDuration'), '| scroll+3s', f(m1, m2, 'TaskDuration'), 'script', f(m1,m2,'ScriptDuration'), '| idle bottom 3s', f(m2, m3, 'TaskDuration'));
  await context.close();
}
await browser.close();
