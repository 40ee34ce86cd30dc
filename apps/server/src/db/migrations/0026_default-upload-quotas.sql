-- Hand-written (issue 28): installs seeded before the default upload quotas get them. The Users and
-- Artists roles' files.create gets a `space` restriction (MB) — 500 and 10 240, as seed.ts's
-- DEFAULT_UPLOAD_SPACE_MB gives a fresh install — only where the role still holds files.create and
-- has no `space` set: a value an admin chose (a number, or null for unlimited) is kept. Once only,
-- as a migration: an admin who clears the value afterwards keeps an unlimited role.
UPDATE "permission_role" AS pr
SET "restrictions" = pr."restrictions" || jsonb_build_array(jsonb_build_object('name', 'space', 'value', d.space_mb))
FROM "roles" AS r,
  "permissions" AS p,
  (VALUES ('users', 500), ('artists', 10240)) AS d(slug, space_mb)
WHERE pr."role_id" = r."id"
  AND pr."permission_id" = p."id"
  AND p."name" = 'files.create'
  AND r."slug" = d.slug
  AND jsonb_typeof(pr."restrictions") = 'array'
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(pr."restrictions") AS e WHERE e->>'name' = 'space'
  );
