CREATE TABLE "analytics_listeners" (
	"id" serial PRIMARY KEY NOT NULL,
	"listener" text NOT NULL,
	CONSTRAINT "analytics_listeners_listener_unique" UNIQUE("listener")
);
--> statement-breakpoint
CREATE TABLE "listener_rollups" (
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"listener_id" integer NOT NULL,
	"mask" integer NOT NULL,
	CONSTRAINT "listener_rollups_grain_bucket_listener_id_pk" PRIMARY KEY("grain","bucket","listener_id")
);
--> statement-breakpoint
CREATE TABLE "play_rollups" (
	"dimension" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "play_rollups_dimension_grain_bucket_key_pk" PRIMARY KEY("dimension","grain","bucket","key")
);
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "browser" text;--> statement-breakpoint
CREATE INDEX "play_rollups_top" ON "play_rollups" USING btree ("dimension","grain","bucket","plays" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_last_active_idx" ON "sessions" USING btree ("last_active");--> statement-breakpoint
-- Hand-written below (decision 0024): a statement-level trigger keeps play_rollups and
-- listener_rollups current for every writer of plays (the player, the demo catalogue, scripts),
-- in the writer's transaction; analytics_rebuild(from, to) recomputes them from the log with the
-- same statements. Rows are upserted in key order, so concurrent plays lock shared rows (the `all`
-- bucket, a country) in one order and never deadlock. Only inserts are counted: a play removed
-- later (its track deleted) stays in the numbers of the past until a rebuild.
-- The statements that add the plays of `src` (a table or subquery with the columns of plays) to
-- the rollups. Plays are counted per track first and then credited to albums and artists, and the
-- small dimensions in one pass (grouping sets). `fresh` = the buckets are empty (a rebuild): plain
-- inserts, in any order.
CREATE FUNCTION analytics_rollup_statements(src text, fresh boolean) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  upsert text := CASE WHEN fresh THEN '' ELSE
    ' ORDER BY 1, 2, 3, 4 ON CONFLICT (dimension, grain, bucket, key) DO UPDATE SET plays = r.plays + excluded.plays' END;
  statements text[] := '{}';
  g record;
BEGIN
  FOR g IN SELECT * FROM (VALUES ('h', 'hour'), ('d', 'day'), ('m', 'month')) AS v(grain, unit) LOOP
    statements := statements || (format($q$WITH t AS (
        SELECT date_trunc(%2$L, p.played_at, 'UTC') AS bucket, p.track_id, count(*)::int AS n
        FROM %1$s AS p %4$s GROUP BY 1, 2)
      INSERT INTO play_rollups AS r (dimension, grain, bucket, key, plays)
      SELECT x.dimension, %3$L, x.bucket, x.key, x.n FROM (
        SELECT 'track' AS dimension, t.bucket, t.track_id::text AS key, t.n FROM t
        UNION ALL
        SELECT 'album', t.bucket, tr.album_id::text, sum(t.n)::int FROM t JOIN tracks AS tr ON tr.id = t.track_id
          WHERE tr.album_id IS NOT NULL GROUP BY 2, 3
        UNION ALL
        SELECT 'artist', t.bucket, ta.artist_id::text, sum(t.n)::int FROM t JOIN track_artist AS ta ON ta.track_id = t.track_id
          GROUP BY 2, 3
      ) AS x$q$, src, g.unit, g.grain,
      -- Hourly rows of tracks, albums and artists only for the last 8 days (the table's comment).
      CASE WHEN g.grain = 'h' THEN $q$WHERE p.played_at >= date_trunc('hour', now(), 'UTC') - interval '8 days'$q$ ELSE '' END
    ) || upsert);
    statements := statements || (format($q$INSERT INTO play_rollups AS r (dimension, grain, bucket, key, plays)
      SELECT dimension, %3$L, bucket, key, sum(n)::int FROM (
        SELECT date_trunc(%2$L, p.played_at, 'UTC') AS bucket,
          CASE grouping(p.country, p.device_type, p.platform, p.browser)
            WHEN 15 THEN 'all' WHEN 7 THEN 'country' WHEN 11 THEN 'device' WHEN 13 THEN 'platform' ELSE 'browser' END AS dimension,
          coalesce(CASE grouping(p.country, p.device_type, p.platform, p.browser)
            WHEN 7 THEN p.country WHEN 11 THEN p.device_type WHEN 13 THEN p.platform WHEN 14 THEN p.browser END, '') AS key,
          count(*) AS n
        FROM %1$s AS p
        GROUP BY 1, GROUPING SETS ((), (p.country), (p.device_type), (p.platform), (p.browser))
      ) AS x GROUP BY 1, 2, 3, 4$q$, src, g.unit, g.grain) || upsert);
  END LOOP;
  statements := statements || format($q$INSERT INTO analytics_listeners (listener)
      SELECT DISTINCT p.listener FROM %s AS p ORDER BY 1 ON CONFLICT (listener) DO NOTHING$q$, src);
  statements := statements || (format($q$INSERT INTO listener_rollups AS r (grain, bucket, listener_id, mask)
      SELECT g.grain, g.bucket, l.id, bit_or(g.bit) FROM %s AS p
        JOIN analytics_listeners AS l ON l.listener = p.listener
        CROSS JOIN LATERAL (VALUES
          ('d', date_trunc('day', p.played_at, 'UTC'), 1 << extract(hour FROM p.played_at AT TIME ZONE 'UTC')::int),
          ('m', date_trunc('month', p.played_at, 'UTC'), 1 << (extract(day FROM p.played_at AT TIME ZONE 'UTC')::int - 1))
        ) AS g(grain, bucket, bit)
      GROUP BY 1, 2, 3$q$, src) || CASE WHEN fresh THEN '' ELSE
      ' ORDER BY 1, 2, 3 ON CONFLICT (grain, bucket, listener_id) DO UPDATE SET mask = r.mask | excluded.mask' END);
  RETURN statements;
END $$;--> statement-breakpoint
CREATE FUNCTION analytics_count_new_plays() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY analytics_rollup_statements('new_rows', false) LOOP
    EXECUTE statement;
  END LOOP;
  DELETE FROM play_rollups WHERE dimension IN ('track', 'album', 'artist') AND grain = 'h'
    AND bucket < date_trunc('hour', now(), 'UTC') - interval '8 days';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER plays_rollups AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_new_plays();--> statement-breakpoint
-- Recomputes the rollups of the whole UTC months that [p_from, p_to) touches (null = no bound),
-- one month at a time so each aggregation stays small.
CREATE FUNCTION analytics_rebuild(p_from timestamptz, p_to timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz := date_trunc('month', coalesce(p_from, (SELECT min(played_at) FROM plays), now()), 'UTC');
  hi timestamptz := coalesce(p_to, greatest((SELECT max(played_at) FROM plays), now()));
  m timestamptz;
  next_m timestamptz;
  statement text;
BEGIN
  hi := (date_trunc('month', hi, 'UTC') AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  DELETE FROM play_rollups
    WHERE dimension IN ('all', 'track', 'album', 'artist', 'country', 'device', 'platform', 'browser')
      AND grain IN ('h', 'd', 'm') AND bucket >= lo AND bucket < hi;
  DELETE FROM listener_rollups WHERE grain IN ('d', 'm') AND bucket >= lo AND bucket < hi;
  m := lo;
  WHILE m < hi LOOP
    next_m := (m AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
    FOREACH statement IN ARRAY analytics_rollup_statements(format(
      '(SELECT played_at, track_id, listener, country, device_type, platform, browser FROM plays WHERE played_at >= %L AND played_at < %L)',
      m, next_m), true) LOOP
      EXECUTE statement;
    END LOOP;
    m := next_m;
  END LOOP;
END $$;--> statement-breakpoint
SELECT analytics_rebuild(NULL, NULL);
