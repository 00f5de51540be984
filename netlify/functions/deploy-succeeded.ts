/**
 * Runs when Netlify has published a deploy (the file name subscribes it to the `deploy-succeeded` event; Netlify
 * signs the call). Records the build, so dashboard items changed before it show as Live.
 */
import { recordDeployEvent } from './_shared/site-builds.ts';

/** Records a successful production deploy. */
export default async (req: Request): Promise<Response> => recordDeployEvent(req, 'succeeded');
