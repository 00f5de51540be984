/**
 * Runs when a Netlify deploy fails (the file name subscribes it to the `deploy-failed` event). Records the failure,
 * so items waiting for that build show it in the dashboard.
 */
import { recordDeployEvent } from './_shared/site-builds.ts';

/** Records a failed production deploy. */
export default async (req: Request): Promise<Response> => recordDeployEvent(req, 'failed');
