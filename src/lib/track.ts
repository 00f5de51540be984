/**
 * The browser side of `POST /api/admin/track`. The answer is never read and a failure never stops the
 * visitor (spec §7): the promise resolves `true` when the server accepted the submission, `false` otherwise.
 */
import type { TrackRequestInput } from '../schemas/track.ts';

/** Sends one tracking call. `keepalive` lets it finish even when the page navigates away right after. */
export async function track<T extends TrackRequestInput['type']>(
  type: T,
  payload: Extract<TrackRequestInput, { type: T }>['payload'],
  options: { website?: string } = {},
): Promise<boolean> {
  try {
    const body = JSON.stringify({ type, payload, ...(options.website ? { website: options.website } : {}) });
    const response = await fetch('/api/admin/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
