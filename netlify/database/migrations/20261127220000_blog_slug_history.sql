-- The addresses a story (blog post made in /samu) had before staff changed its slug. Each build writes a permanent
-- redirect from every old address to the story's current one (src/loaders/database.ts reads them, src/pages/
-- [redirects].ts writes `_redirects`), so links shared before the change keep working. The triggers below record
-- them, so every way of changing a slug is covered.
create table blog_slug_history (
  old_slug text primary key,
  post_id bigint not null references blog_posts (id) on delete cascade,
  changed_at timestamptz not null default now()
);

create index blog_slug_history_post on blog_slug_history (post_id);

-- On a slug change: the old slug now leads to this post (taken over from any post it led to before), and the new
-- slug no longer leads anywhere else, since this post answers there itself.
create function note_blog_slug_change() returns trigger language plpgsql as $$
begin
  if new.slug is distinct from old.slug then
    delete from blog_slug_history where old_slug = new.slug;
    insert into blog_slug_history (old_slug, post_id) values (old.slug, new.id)
      on conflict (old_slug) do update set post_id = excluded.post_id, changed_at = excluded.changed_at;
  end if;
  return new;
end;
$$;

create trigger blog_posts_slug_history after update of slug on blog_posts
  for each row execute function note_blog_slug_change();

-- A new post taking an address an older post once had answers there itself.
create function forget_taken_blog_slug() returns trigger language plpgsql as $$
begin
  delete from blog_slug_history where old_slug = new.slug;
  return new;
end;
$$;

create trigger blog_posts_slug_taken after insert on blog_posts
  for each row execute function forget_taken_blog_slug();
