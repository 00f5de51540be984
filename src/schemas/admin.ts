/**
 * Payloads of the staff dashboard: login and the program, blog post and media forms. The dashboard
 * validates its forms with these and the admin functions check every request body with them.
 */
import { z } from 'zod';
import { OWN_MEDIA_URL } from '../lib/media-paths.ts';

// No compiled validators: zod would build them with `new Function`, which the pages' Content-Security-Policy forbids
// (its probe alone is reported as a violation).
z.config({ jitless: true });

/** Lowercase words joined by single hyphens, as used in public URLs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest accepted slug, title and name. */
export const LIMITS = {
  username: 64,
  password: 1024,
  title: 200,
  slug: 120,
  summary: 1000,
  content: 100_000,
  url: 2048,
  metaJson: 10_000,
} as const;

/** Shortest password an account may be given. */
export const MIN_PASSWORD_LENGTH = 12;

/** A site path (`/media/1/a.png`) or an http(s) address; nothing a browser would run. */
function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const title = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`);

const slug = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(LIMITS.slug, `Slug must be at most ${LIMITS.slug} characters`)
  .regex(SLUG_PATTERN, 'Slug may hold only lowercase letters, digits and single hyphens');

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

const url = z
  .string()
  .trim()
  .max(LIMITS.url, `URL must be at most ${LIMITS.url} characters`)
  .refine((value) => value === '' || isSafeUrl(value), 'Use a site path starting with / or an http(s) address');

/** Sign-in form. The password is never trimmed: spaces are part of it. */
export const LoginSchema = z.object({
  /** Account name, matched case-insensitively. */
  username: z.string().trim().min(1, 'Username is required').max(LIMITS.username),
  /** The account's password. */
  password: z.string().min(1, 'Password is required').max(LIMITS.password),
});
export type Login = z.infer<typeof LoginSchema>;

/** Account name accepted by `npm run admin:create` and the start-up bootstrap. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(LIMITS.username)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may hold letters, digits and . _ @ -');

/** A new account password. */
export const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(LIMITS.password);

/** Change-password form of the dashboard's account dialog. */
export const PasswordChangeSchema = z
  .object({
    /** The password the account has now; never trimmed. */
    currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.password),
    /** The password it is to have. */
    newPassword: NewPasswordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
/** A validated change-password body. */
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** The six story categories of the public blog (src/content.config.ts uses the same list). */
export const BLOG_CATEGORIES = [
  'Education',
  'Healthcare',
  'Community',
  'Sponsorship',
  'Volunteering',
  'Events',
] as const;

/** Whether visitors see an item (after the next build) or only staff. */
export const PublishStatusSchema = z.enum(['draft', 'published'], 'Status must be draft or published');
/** Draft or published. */
export type PublishStatus = z.infer<typeof PublishStatusSchema>;

/** The picture a story or program that shipped as a file keeps until a Media picture replaces it. */
export const SHIPPED_PICTURE = /^\.\.\/\.\.\/assets\/[a-z0-9-]+\/[a-z0-9-]+\.(?:jpg|jpeg|png|webp)$/;

const mediaUrl = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || OWN_MEDIA_URL.test(value) || SHIPPED_PICTURE.test(value),
    'Pick an image from Media (an address like /media/1/photo.jpg)',
  )
  .default('');

const isoDay = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))),
    'Date must be YYYY-MM-DD',
  )
  .default('');

/** Adds "X is required to publish" for each empty field of a published item. */
function requiredToPublish<T extends { status: PublishStatus }>(fields: readonly (keyof T & string)[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value.status !== 'published') return;
    for (const field of fields) {
      const given = value[field];
      if (given === '' || given === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${FIELD_LABELS[field] ?? field} is required to publish`,
        });
      }
    }
  };
}

const FIELD_LABELS: Record<string, string> = {
  excerpt: 'Excerpt',
  content: 'Content',
  cover: 'Cover image',
  alt: 'Image description',
  category: 'Category',
  author: 'Author',
  date: 'Publish date',
  summary: 'Summary',
};

/** Program create/edit form. */
export const ProgramSchema = z
  .object({
    /** Heading shown on the programs page. */
    title,
    /** URL part (/programs/<slug>), unique among programs and the programs pages. */
    slug,
    /** One or two sentences for cards. */
    summary: text('Summary', LIMITS.summary),
    /** Full description, in Markdown. */
    content: text('Content', LIMITS.content),
    /** Picture: an uploaded file (`/media/<id>/<name>`); empty for none. */
    image: mediaUrl,
    /** What the picture shows, for people who cannot see it. */
    alt: text('Image description', LIMITS.title),
    /** Place on /programs, smallest first. */
    position: z.coerce
      .number('Order must be a number')
      .int('Order must be a whole number')
      .min(0)
      .max(10_000)
      .default(0),
    /** Publish date, YYYY-MM-DD. */
    date: isoDay,
    /** draft (staff only) or published (on the site after the next build). */
    status: PublishStatusSchema.default('draft'),
  })
  .superRefine(requiredToPublish(['summary', 'content', 'date']))
  .superRefine((value, ctx) => {
    if (value.status === 'published' && value.image !== '' && value.alt === '') {
      ctx.addIssue({ code: 'custom', path: ['alt'], message: 'Describe the image for people who cannot see it' });
    }
  });
/** What the program form holds before validation. */
export type ProgramInput = z.input<typeof ProgramSchema>;
/** A validated program body. */
export type Program = z.output<typeof ProgramSchema>;

/** Blog post create/edit form. */
export const BlogPostSchema = z
  .object({
    /** Heading of the post. */
    title,
    /** URL part (/blog/<slug>), unique among posts and the story files. */
    slug,
    /** Teaser shown in lists. */
    excerpt: text('Excerpt', LIMITS.summary),
    /** Body of the post, in Markdown. */
    content: text('Content', LIMITS.content),
    /** Cover picture: an uploaded file (`/media/<id>/<name>`); empty for none (drafts only). */
    cover: mediaUrl,
    /** What the cover shows, for people who cannot see it. */
    alt: text('Image description', LIMITS.title),
    /** One of the six blog categories; empty while drafting. */
    category: z.union([z.enum(BLOG_CATEGORIES), z.literal('')], 'Pick one of the blog categories').default(''),
    /** Writer's name. */
    author: text('Author', LIMITS.title),
    /** Publish date shown on the story, YYYY-MM-DD. */
    date: isoDay,
    /** Keywords without the leading #. */
    tags: z
      .array(z.string().trim().min(1).max(40, 'A tag must be at most 40 characters'))
      .max(20, 'At most 20 tags')
      .default([]),
    /** draft (staff only) or published (on the site after the next build). */
    status: PublishStatusSchema.default('draft'),
  })
  .superRefine(requiredToPublish(['excerpt', 'content', 'cover', 'alt', 'category', 'author', 'date']));
/** What the blog form holds before validation. */
export type BlogPostInput = z.input<typeof BlogPostSchema>;
/** A validated blog post body. */
export type BlogPost = z.output<typeof BlogPostSchema>;

/** Media library entry form. */
export const MediaSchema = z.object({
  /** Label staff recognise the file by. */
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.title, `Name must be at most ${LIMITS.title} characters`),
  /** Where the file lives (the upload answer's url, or an http(s) address). */
  url: url.pipe(z.string().min(1, 'URL is required')),
  /** Free-form details (alt text, credits, ...): a JSON object. */
  meta: z
    .record(z.string(), z.json(), 'Meta must be a JSON object')
    .refine(
      (value) => JSON.stringify(value).length <= LIMITS.metaJson,
      `Meta must be at most ${LIMITS.metaJson} characters of JSON`,
    )
    .default({}),
});
/** What the media form holds before validation. */
export type MediaInput = z.input<typeof MediaSchema>;
/** A validated media body. */
export type Media = z.output<typeof MediaSchema>;

/** Fields every stored admin record has. */
export interface StoredRecord {
  /** Database id, as a string. */
  id: string;
  /** Creation time, ISO 8601 with zone. */
  ts: string;
}
/** Whether the public site shows an item's last change yet (computed by the API from the build record). */
export type SiteState = 'draft' | 'publishing' | 'unpublishing' | 'live' | 'failed';

/** What the API adds to programs and posts: whether their last change is on the site. */
export interface PublishedState {
  /** draft, publishing (a build is on its way), unpublishing, live, or failed. */
  site_state: SiteState;
  /** Why the last build attempt failed, when `site_state` is failed. */
  site_error: string | null;
}
/** A program as the admin API answers it. */
export type ProgramRow = StoredRecord & Program & PublishedState;
/** A blog post as the admin API answers it. */
export type BlogPostRow = StoredRecord & BlogPost & PublishedState;
/** A media entry as the admin API answers it. */
export type MediaRow = StoredRecord & Media;

/** Longest name a staff member signs with. */
export const DISPLAY_NAME_MAX = 80;

/**
 * `PUT /api/admin/account/profile`: the name the staff member signs replies with ("Amina Wanjiku"); blank clears it,
 * and replies are then signed by the charity's team.
 */
export const ProfileSchema = z.object({
  /** @example "Amina Wanjiku" */
  displayName: z
    .string('Display name must be text')
    .trim()
    .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`)
    .refine((value) => !/[\r\n]/.test(value), 'Display name must be one line')
    .transform((value) => (value === '' ? null : value)),
});
export type Profile = z.infer<typeof ProfileSchema>;
