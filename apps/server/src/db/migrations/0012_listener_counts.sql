CREATE TABLE "listener_counts" (
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"listeners" integer NOT NULL,
	CONSTRAINT "listener_counts_period_start_period_end_pk" PRIMARY KEY("period_start","period_end")
);
--> statement-breakpoint
ALTER TABLE "analytics_listeners" ADD COLUMN "last_hour" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listener_counts_period_end" ON "listener_counts" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "analytics_listeners_last_hour" ON "analytics_listeners" USING btree ("last_hour");--> statement-breakpoint
-- Hand-written: the latest hour of each listener, kept by the same statements as the rollups
-- (0010_analytics), filled once here from the plays; and the kept counts of ended periods dropped
-- when a backdated play or a rebuild changes them.
CREATE OR REPLACE FUNCTION analytics_rollup_statements(src text, fresh boolean) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
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
  statements := statements || format($q$INSERT INTO analytics_listeners AS a (listener, last_hour)
      SELECT p.listener, date_trunc('hour', max(p.played_at), 'UTC') FROM %s AS p GROUP BY 1 ORDER BY 1
      ON CONFLICT (listener) DO UPDATE SET last_hour = greatest(a.last_hour, excluded.last_hour)$q$, src);
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
CREATE OR REPLACE FUNCTION analytics_count_new_plays() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY analytics_rollup_statements('new_rows', false) LOOP
    EXECUTE statement;
  END LOOP;
  -- A backdated play changes the counts kept for the ended periods it falls into (a live play,
  -- played now, falls into none).
  DELETE FROM listener_counts WHERE period_end > (SELECT min(played_at) FROM new_rows);
  DELETE FROM play_rollups WHERE dimension IN ('track', 'album', 'artist') AND grain = 'h'
    AND bucket < date_trunc('hour', now(), 'UTC') - interval '8 days';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild(p_from timestamptz, p_to timestamptz) RETURNS void LANGUAGE plpgsql AS $$
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
  DELETE FROM listener_counts WHERE period_end > lo AND period_start < hi;
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
UPDATE analytics_listeners AS a SET last_hour = p.last_hour
  FROM (SELECT listener, date_trunc('hour', max(played_at), 'UTC') AS last_hour FROM plays GROUP BY 1) AS p
  WHERE p.listener = a.listener;
