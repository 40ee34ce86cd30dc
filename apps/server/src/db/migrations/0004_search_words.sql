CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Hand-written below: triggers keep search_words filled from every searchable name (seed, admin
-- API and scripts alike). Inserts are handled once per statement (a bulk load of 100 000 tracks
-- adds its words in one go); renames row by row, only when the name really changes (play
-- counters update these rows all the time).
CREATE FUNCTION search_words_add_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT u.lexeme FROM new_rows AS n, unnest(to_tsvector('simple', coalesce(n.name, ''))) AS u
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_add_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT u.lexeme FROM unnest(to_tsvector('simple', coalesce(NEW.name, ''))) AS u
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_add_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT u.lexeme FROM unnest(to_tsvector('simple', coalesce(nullif(btrim(NEW.display_name), ''), btrim(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, ''))))) AS u
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER artists_search_words_insert AFTER INSERT ON artists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add_names();--> statement-breakpoint
CREATE TRIGGER albums_search_words_insert AFTER INSERT ON albums REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add_names();--> statement-breakpoint
CREATE TRIGGER tracks_search_words_insert AFTER INSERT ON tracks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add_names();--> statement-breakpoint
CREATE TRIGGER playlists_search_words_insert AFTER INSERT ON playlists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add_names();--> statement-breakpoint
CREATE TRIGGER artists_search_words_rename AFTER UPDATE OF name ON artists FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_words_add_name();--> statement-breakpoint
CREATE TRIGGER albums_search_words_rename AFTER UPDATE OF name ON albums FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_words_add_name();--> statement-breakpoint
CREATE TRIGGER tracks_search_words_rename AFTER UPDATE OF name ON tracks FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_words_add_name();--> statement-breakpoint
CREATE TRIGGER playlists_search_words_rename AFTER UPDATE OF name ON playlists FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_words_add_name();--> statement-breakpoint
CREATE TRIGGER users_search_words AFTER INSERT OR UPDATE OF display_name, first_name, last_name ON users FOR EACH ROW EXECUTE FUNCTION search_words_add_user();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT u.lexeme FROM (
    SELECT name FROM artists UNION ALL SELECT name FROM albums UNION ALL SELECT name FROM tracks
    UNION ALL SELECT name FROM playlists
    UNION ALL SELECT coalesce(nullif(btrim(display_name), ''), btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) FROM users
  ) AS n, unnest(to_tsvector('simple', n.name)) AS u
  ON CONFLICT DO NOTHING;
