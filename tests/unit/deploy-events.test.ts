/**
 * Netlify's deploy events reach the dashboard only from the platform: the function, bundled and run the way Netlify
 * runs it, refuses any HTTP call with 401, and an event of another site changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ADMIN_TABLES } from '../support/admin.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { bundleFunction, type BundledFunction } from '../support/netlify-runtime.ts';

const SITE = '5e1f0c1a-0000-4000-8000-000000000001';

/** A deploy event body as Netlify posts it to an event function. */
function body(siteId: string, context = 'production'): string {
  const deploy = {
    id: 'd1',
    site_id: siteId,
    state: 'ready',
    context,
    created_at: new Date(Date.now() + 86_400_000).toISOString(),
  };
  return JSON.stringify({ payload: deploy, site: { id: siteId, name: 'tumaini', url: 'https://example.org' } });
}

describe.each(databases)('deploy events on $name', (database) => {
  useDatabase(database);
  let fn: BundledFunction;
  const savedSite = process.env['SITE_ID'];
  beforeAll(async () => {
    process.env['SITE_ID'] = SITE;
    fn = await bundleFunction('deploy-events');
  });
  afterAll(async () => {
    await fn.close();
    if (savedSite === undefined) delete process.env['SITE_ID'];
    else process.env['SITE_ID'] = savedSite;
  });
  beforeEach(() => truncate(database, ADMIN_TABLES));

  test('subscribes to deploy-succeeded and deploy-failed by its handlers, with no public route', () => {
    expect(fn.eventSubscriptions).toEqual(expect.arrayContaining(['deploy_succeeded', 'deploy_failed']));
    expect(fn.routes).toEqual([]);
  });

  test('refuses a forged deploy-succeeded POST with 401 and records nothing', async () => {
    const forged = await fn.invoke(
      new Request('https://example.org/.netlify/functions/deploy-events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(SITE),
      }),
    );
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({ error: 'Deploy events come from Netlify only' });
    expect(await rows(database, 'select event from site_builds')).toEqual([]);
  });

  test("records the platform's event of this site's production deploy, and ignores another site's", async () => {
    const event = (siteId: string) =>
      fn.invoke(
        new Request('https://example.org/.netlify/functions/deploy-events', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-netlify-event': 'deploy_succeeded' },
          body: body(siteId),
        }),
      );
    expect((await event('another-site')).status).toBe(200);
    expect(await rows(database, 'select event from site_builds')).toEqual([]);
    expect((await event(SITE)).status).toBe(200);
    expect(await rows(database, 'select event from site_builds')).toEqual([{ event: 'succeeded' }]);
  });
});
