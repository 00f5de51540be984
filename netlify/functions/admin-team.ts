/**
 * `/api/admin/team[/<id>]`: the team of the About page, added, edited, reordered (`position`) and removed in /samu.
 * Listing first copies the members of src/content/team.json the table never held (the file is the seed); a copy
 * whose text still equals the file's keeps following the file. A photo must be in Media (400); a copied member may
 * keep its committed portrait. A change the About page shows asks for a site build.
 */
import type { Config, Context } from '@netlify/functions';
import { FILE_PORTRAIT, TEAM_COLUMNS, TeamMemberSchema } from '../../src/schemas/team.ts';
import { resourceFunction, staffFunction, type ResourceWrite } from './_shared/platform/admin-resource.ts';
import type { ResourceAction } from './_shared/platform/audit.ts';
import { requestBuild } from './_shared/content/build-hook.ts';
import { error } from './_shared/platform/http.ts';
import { changesSite, missingMedia } from './_shared/content/publishing.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';
import { copySeedTeam, isSeedPortrait, markEdited } from './_shared/content/team.ts';

/** 400 when a committed portrait is not one of the file's. */
function strangePortrait(image: unknown): Response | undefined {
  if (typeof image !== 'string' || !FILE_PORTRAIT.test(image)) return undefined;
  if (isSeedPortrait(image)) return undefined;
  const message = 'Pick the photo from Media (an address like /media/1/photo.jpg)';
  return error(400, message, [{ path: 'image', message }]);
}

const resource = resourceFunction({
  resource: 'team',
  table: 'team_members',
  columns: TEAM_COLUMNS,
  noun: 'team member',
  edit: { single: 'member', schema: TeamMemberSchema },
  deletable: true,
  auditColumns: ['slug', 'position', 'status'],
  select: [...SITE_STATE_COLUMNS, 'file_copy'],
  guard: async (write: ResourceWrite) => {
    if (!write.values) return undefined;
    const image = write.values['image'];
    if (typeof image === 'string' && FILE_PORTRAIT.test(image)) return strangePortrait(image);
    return missingMedia(write.values, 'image');
  },
  within: markEdited,
  after: async (op: ResourceAction, row: Record<string, unknown>, context: Context) => {
    if (!changesSite(op, row)) return;
    const what = op === 'delete' ? 'removed' : String(row['status']);
    await requestBuild(`${what} team member ${String(row['slug'])}`, context);
  },
});

export default staffFunction(async (req, _actor, context) => {
  if (req.method === 'GET' && context.params['id'] === undefined) await copySeedTeam();
  return resource(req, context);
});

export const config: Config = { path: ['/api/admin/team', '/api/admin/team/:id'] };
