/**
 * Netlify's deploy events for this site, through the platform's typed event handlers: Netlify invokes
 * `deploySucceeded` / `deployFailed` itself (the handler names subscribe the function), so no HTTP request can
 * reach them. A production deploy of this site records its outcome, which turns dashboard items changed before it
 * Live (or shows why the build failed). Any direct HTTP call is refused with 401 and changes nothing.
 */
import type { DeployFailedEvent, DeploySucceededEvent } from '@netlify/functions';
import { recordDeploy } from './_shared/content/site-builds.ts';
import { error } from './_shared/platform/http.ts';

export default {
  /** Records a published production deploy. */
  async deploySucceeded(event: DeploySucceededEvent): Promise<void> {
    await recordDeploy(event, 'succeeded');
  },
  /** Records a failed production deploy, with Netlify's reason. */
  async deployFailed(event: DeployFailedEvent): Promise<void> {
    await recordDeploy(event, 'failed');
  },
  /** Deploy events come from the platform only: a request over HTTP is not one. */
  fetch(): Response {
    return error(401, 'Deploy events come from Netlify only');
  },
};
