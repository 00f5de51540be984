/** `/rss.xml`: every published story, newest first, for feed readers. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publishedPosts, site } from '../data.ts';

export const GET: APIRoute = async (context) => {
  if (!context.site) throw new Error('astro.config.mjs must set `site` for the feed’s absolute links');
  const posts = await publishedPosts();
  return rss({
    title: `${site.name} — Stories`,
    description: `Stories from ${site.name}: ${site.tagline}.`,
    site: context.site,
    items: posts.map((post) => ({
      title: post.title,
      description: post.excerpt,
      // Stories are dated in Nairobi: midnight there, not in UTC.
      pubDate: new Date(`${post.date}T00:00:00+03:00`),
      link: `/blog/${post.slug}/`,
      categories: [post.category, ...(post.tags ?? [])],
      author: `${site.contact.email} (${post.author})`,
    })),
    customData: '<language>en-ke</language>',
    trailingSlash: true,
  });
};
