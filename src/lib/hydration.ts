/**
 * The `client:idle` value of every island that hydrates once the browser is idle: it hydrates at the latest this
 * long after the page has parsed it, even if the browser never reports an idle moment. A busy low-end phone can put
 * idle callbacks off for a long time (Chromium's headless shell sometimes never runs them), which would leave the
 * home carousel, the one island that moves by itself, inert.
 */
export const IDLE_HYDRATION = { timeout: 2_000 } as const;
