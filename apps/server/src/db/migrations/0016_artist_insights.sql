CREATE TABLE "artist_listeners" (
	"artist_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"listener_id" integer NOT NULL,
	CONSTRAINT "artist_listeners_artist_id_day_listener_id_pk" PRIMARY KEY("artist_id","day","listener_id")
);
--> statement-breakpoint
-- Hand-written below: the backstage's insights split each artist's plays by country and device
-- (play_rollups dimensions `artist_country` and `artist_device`, keys '<artistId>:<code>', grains
-- d and m) and count their unique listeners per UTC day (artist_listeners), kept by the same
-- statements as the other rollups (0010_analytics, 0012_listener_counts; everything they did is
-- kept as it was) and recomputed by analytics_rebuild, which fills them once here from the plays.
-- The trigger function itself (analytics_count_new_plays) runs these statements and is unchanged.
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
  -- Each artist's plays by country and by device, per UTC day and month (migration 0016).
  FOR g IN SELECT * FROM (VALUES ('d', 'day'), ('m', 'month')) AS v(grain, unit) LOOP
    statements := statements || (format($q$WITH t AS (
        SELECT date_trunc(%2$L, p.played_at, 'UTC') AS bucket, p.track_id,
          coalesce(p.country, '') AS country, coalesce(p.device_type, '') AS device, count(*)::int AS n
        FROM %1$s AS p GROUP BY 1, 2, 3, 4)
      INSERT INTO play_rollups AS r (dimension, grain, bucket, key, plays)
      SELECT x.dimension, %3$L, x.bucket, x.key, sum(x.n)::int FROM (
        SELECT 'artist_country' AS dimension, t.bucket, ta.artist_id || ':' || t.country AS key, t.n
          FROM t JOIN track_artist AS ta ON ta.track_id = t.track_id
        UNION ALL
        SELECT 'artist_device', t.bucket, ta.artist_id || ':' || t.device, t.n
          FROM t JOIN track_artist AS ta ON ta.track_id = t.track_id
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
  -- Each artist's listeners per UTC day (after analytics_listeners, whose ids they hold).
  statements := statements || format($q$INSERT INTO artist_listeners (artist_id, day, listener_id)
      SELECT DISTINCT ta.artist_id, date_trunc('day', p.played_at, 'UTC'), l.id FROM %s AS p
        JOIN analytics_listeners AS l ON l.listener = p.listener
        JOIN track_artist AS ta ON ta.track_id = p.track_id
      ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING$q$, src);
  RETURN statements;
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
    WHERE dimension IN ('all', 'track', 'album', 'artist', 'country', 'device', 'platform', 'browser',
                        'artist_country', 'artist_device')
      AND grain IN ('h', 'd', 'm') AND bucket >= lo AND bucket < hi;
  DELETE FROM listener_rollups WHERE grain IN ('d', 'm') AND bucket >= lo AND bucket < hi;
  DELETE FROM artist_listeners WHERE day >= lo AND day < hi;
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
SELECT analytics_rebuild(NULL, NULL);
