/**
 * The team members staff edit in /samu: name, photo, role, bio and work contact of one person on the About
 * page. The dashboard and netlify/functions/admin-team.ts share it.
 */
import { z } from 'zod';
import { OWN_MEDIA_URL } from '../lib/media-paths.ts';
import { PublishStatusSchema, SLUG_PATTERN } from './admin.ts';
import { line, required, whole } from './fields.ts';

/** The committed portrait a member copied from src/content/team.json keeps until a Media picture replaces it. */
export const FILE_PORTRAIT = /^\.\.\/assets\/team\/[a-z0-9-]+\.(?:jpg|jpeg|png|webp)$/;

/** The paragraphs of a long bio typed with a blank line between them. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** Fields a published member needs, with their labels. */
const TO_PUBLISH = {
  role: 'Role',
  image: 'Photo',
  bio: 'Short bio',
  full_bio: 'Full bio',
  email: 'Email',
  phone: 'Phone',
} as const;

/** A team member's create and edit form. */
export const TeamMemberSchema = z
  .object({
    /** The member's id on the site (lowercase words joined by hyphens). */
    slug: required('Member id', 80).regex(
      SLUG_PATTERN,
      'Member id may hold only lowercase letters, digits and hyphens',
    ),
    name: required('Name'),
    /** Job title. */
    role: line('Role'),
    /** Portrait from Media. */
    image: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || OWN_MEDIA_URL.test(value) || FILE_PORTRAIT.test(value),
        'Pick the photo from Media (an address like /media/1/photo.jpg)',
      )
      .default(''),
    /** One sentence for the card. */
    bio: line('Short bio', 400),
    /** Paragraphs for the details, separated by a blank line. */
    full_bio: line('Full bio', 4000),
    email: z.union([z.literal(''), z.email('Email must be an email address')]).default(''),
    phone: line('Phone', 40),
    /** Place on the About page, smallest first. */
    position: z.preprocess((value) => (value === '' || value === undefined ? 0 : value), whole('Position', 0, 10000)),
    /** draft (staff only) or published. */
    status: PublishStatusSchema.default('draft'),
  })
  .superRefine((member, ctx) => {
    if (member.status !== 'published') return;
    for (const [field, label] of Object.entries(TO_PUBLISH)) {
      if (member[field as keyof typeof TO_PUBLISH].length === 0)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required to publish` });
    }
  });

/** The columns of a team member, in the order of the table. */
export const TEAM_COLUMNS = [
  'slug',
  'name',
  'role',
  'image',
  'bio',
  'full_bio',
  'email',
  'phone',
  'position',
  'status',
] as const;
