-- One OPEN call per table and kind, whichever device makes it (was: per device, table and kind). No write to
-- table_calls may slip in between closing the duplicates and creating the index: the lock lets reads through and
-- holds writes until the migration commits.
LOCK TABLE "table_calls" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The oldest OPEN call of each table and kind stays; the devices of the other OPEN calls join it (device_ids), so
-- they still see and follow an open call of theirs.
ALTER TABLE "table_calls" ADD COLUMN "device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
WITH "open_calls" AS (
  SELECT "id", "device_id",
    first_value("id") OVER (PARTITION BY "table_id", "kind" ORDER BY "created_at", "id") AS "keep_id",
    first_value("device_id") OVER (PARTITION BY "table_id", "kind" ORDER BY "created_at", "id") AS "keep_device"
  FROM "table_calls" WHERE "status" = 'OPEN'
), "joined" AS (
  SELECT "keep_id", jsonb_agg(DISTINCT "device_id") AS "devices" FROM "open_calls"
  WHERE "id" <> "keep_id" AND "device_id" <> "keep_device" GROUP BY "keep_id"
)
UPDATE "table_calls" SET "device_ids" = "joined"."devices" FROM "joined" WHERE "table_calls"."id" = "joined"."keep_id";--> statement-breakpoint
-- The other OPEN calls are closed (acknowledged now, by nobody): the old build reads them as answered calls.
UPDATE "table_calls" SET "status" = 'ACKNOWLEDGED', "acknowledged_at" = now()
WHERE "status" = 'OPEN' AND EXISTS (
  SELECT 1 FROM "table_calls" AS "kept"
  WHERE "kept"."status" = 'OPEN' AND "kept"."table_id" = "table_calls"."table_id" AND "kept"."kind" = "table_calls"."kind"
    AND ("kept"."created_at", "kept"."id") < ("table_calls"."created_at", "table_calls"."id")
);--> statement-breakpoint
-- The new index implies the old one (per device, table and kind).
DROP INDEX "table_calls_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "table_calls_open_table_idx" ON "table_calls" USING btree ("table_id","kind") WHERE status = 'OPEN';
