-- Every server keeps hot public reads in memory (src/server/plugins/read-cache.ts). A write to a
-- table those reads come from announces the table's name on the 'cache_invalidation' channel;
-- NOTIFY is transactional, so servers hear of a change exactly when it commits, whichever code
-- (a request, a background job, a script) made it. See docs/decisions/caching.md.
CREATE FUNCTION notify_cache_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_cache_invalidation AFTER INSERT OR DELETE OR TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
-- Counting a detail view changes view_count alone, on every page view: cached reads may show a
-- view count up to their maximum age old rather than be thrown away by each visit.
CREATE TRIGGER listings_update_cache_invalidation AFTER UPDATE ON listings FOR EACH ROW WHEN (OLD.view_count IS NOT DISTINCT FROM NEW.view_count) EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER categories_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER users_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER reviews_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER favorites_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON favorites FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER seo_templates_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seo_templates FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER seo_overrides_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seo_overrides FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
