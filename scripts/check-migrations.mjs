// Migrations safe for a rolling deploy (expand/contract, docs/operations.md), run by `npm run lint`.
// During a rolling restart the old version still runs beside the new one on the migrated database
// (ops/cluster.test.ts restarts the instances one at a time). So a migration only expands: new
// tables, new nullable or defaulted columns, new indexes. What the running version may still use
// is removed or changed a release later, by a migration that says so on a line
// `-- contract: <what stopped using it, and in which release>`. This check refuses a statement
// that drops, renames or retypes a table or column, makes a column NOT NULL, or adds a NOT NULL
// column without a default, in a migration without that line. Like the other checks, it first
// proves itself on planted statements.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const MIGRATIONS = 'apps/server/src/db/migrations';

/**
 * Migrations written before this check, each with why it was safe then. 0015 changed a draft
 * column's type when one instance was the only way Zema ran; nothing new is added to this list.
 */
const BEFORE_THE_CHECK = new Map([
  ['0015_release_draft_edits.sql', 'one instance only then (drafts.explicit integer → boolean)'],
]);

const CONTRACTING = [
  [/\bdrop\s+table\b/i, 'drops a table'],
  [/\bdrop\s+column\b/i, 'drops a column'],
  [/\brename\s+(column\s+)?[\w"]+\s+to\b|\brename\s+to\b/i, 'renames a table or column'],
  [/\balter\s+column\s+[\w"]+\s+(set\s+data\s+)?type\b/i, "changes a column's type"],
  [/\bset\s+not\s+null\b/i, 'makes a column NOT NULL'],
];
const ADD_COLUMN = /\badd\s+column\b/i;

/** What in `sql` the old version could trip on, one line each; empty when it only expands. */
export function contractions(sql) {
  if (/^\s*--\s*contract:\s*\S/m.test(sql)) return [];
  const problems = [];
  for (const statement of sql.split('--> statement-breakpoint')) {
    const text = statement.replace(/--[^\n]*/g, ' ').trim();
    if (!text) continue;
    for (const [pattern, what] of CONTRACTING) {
      if (pattern.test(text)) problems.push(`${what}: ${text.slice(0, 120)}`);
    }
    if (ADD_COLUMN.test(text) && /\bnot\s+null\b/i.test(text) && !/\bdefault\b/i.test(text)) {
      problems.push(`adds a NOT NULL column without a default: ${text.slice(0, 120)}`);
    }
  }
  return problems;
}

// The check proves itself: each planted statement is found, the expanding ones pass.
const planted = [
  'ALTER TABLE "tracks" DROP COLUMN "legacy";',
  'ALTER TABLE "tracks" RENAME COLUMN "name" TO "title";',
  'ALTER TABLE "tracks" RENAME TO "songs";',
  'ALTER TABLE "tracks" ALTER COLUMN "plays" SET DATA TYPE bigint;',
  'ALTER TABLE "tracks" ALTER COLUMN "isrc" SET NOT NULL;',
  'ALTER TABLE "tracks" ADD COLUMN "mood" text NOT NULL;',
  'DROP TABLE "old_things";',
];
const expanding = [
  'ALTER TABLE "tracks" ADD COLUMN "mood" text;',
  'ALTER TABLE "tracks" ADD COLUMN "audio_status" text DEFAULT \'ready\' NOT NULL;',
  'CREATE TABLE "moods" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL);',
  'CREATE INDEX "tracks_mood_idx" ON "tracks" ("mood");',
  '-- contract: 1.4 stopped reading tracks.legacy\nALTER TABLE "tracks" DROP COLUMN "legacy";',
];
const missed = planted.filter((sql) => contractions(sql).length === 0);
const wrong = expanding.filter((sql) => contractions(sql).length > 0);
if (missed.length || wrong.length) {
  console.error('Migration check: its own planted cases went wrong.');
  for (const sql of missed) console.error(`  not found: ${sql}`);
  for (const sql of wrong) console.error(`  refused although it expands: ${sql}`);
  process.exit(1);
}

const dir = join(root, MIGRATIONS);
const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
let failed = false;
for (const file of files.sort()) {
  if (BEFORE_THE_CHECK.has(file)) continue;
  const problems = contractions(readFileSync(join(dir, file), 'utf8'));
  if (!problems.length) continue;
  failed = true;
  console.error(`${MIGRATIONS}/${file} is not safe while the previous version runs:`);
  for (const p of problems) console.error(`  ${p}`);
}
if (failed) {
  console.error(
    'Expand now and contract in a later release (docs/operations.md, "Upgrades without downtime"); a migration that contracts on purpose says why on a line `-- contract: …`.',
  );
  process.exit(1);
}
console.log(
  `Migrations: ${planted.length} planted contractions found; the ${files.length} migrations only expand (${BEFORE_THE_CHECK.size} from before the check).`,
);
