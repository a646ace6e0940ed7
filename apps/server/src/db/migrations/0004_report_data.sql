CREATE TABLE "report_dish_hours" (
	"eatery_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"dish_id" integer NOT NULL,
	"name_key" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"last_item" integer NOT NULL,
	CONSTRAINT "report_dish_hours_eatery_id_hour_dish_id_name_key_pk" PRIMARY KEY("eatery_id","hour","dish_id","name_key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_dish_hours" ADD CONSTRAINT "report_dish_hours_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_eatery_paid_idx" ON "orders" USING btree ("eatery_id","paid_at");--> statement-breakpoint
-- Report data: figures stored when they happen so that a report reads one narrow row per order or per
-- dish and hour instead of every item and history row. Everything is written here, by triggers, so no code path
-- can forget it; the order placement path (INSERT of CREATED orders and their items) runs none of this code.
--
-- The live items of an order (not DELETED) grouped by dish, added (p_sign 1) to or taken (-1) from its paid hour.
-- Taking only updates existing rows (an eatery being deleted must not get rows inserted back).
-- Writers of one restaurant's dish hours take its advisory lock first (held until commit): a bill closing two orders
-- locks several dish rows, and two such bills at once could otherwise lock them in opposite orders (a deadlock).
CREATE FUNCTION "report_dish_lock"(p_eatery integer) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(16016, p_eatery);
$$;
--> statement-breakpoint
CREATE FUNCTION "report_dish_apply"(p_order integer, p_eatery integer, p_paid timestamptz, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_dish_lock"(p_eatery);
  IF p_sign > 0 THEN
    INSERT INTO "report_dish_hours" AS r ("eatery_id", "hour", "dish_id", "name_key", "quantity", "amount", "last_item")
    SELECT p_eatery, date_trunc('hour', p_paid, 'UTC'), coalesce(i."dish_id", 0),
      CASE WHEN i."dish_id" IS NULL THEN i."name" ELSE '' END, sum(i."quantity"), sum(i."price" * i."quantity"), max(i."id")
    FROM "order_items" i WHERE i."order_id" = p_order AND i."status" <> 'DELETED'
    GROUP BY 3, 4
    ON CONFLICT ("eatery_id", "hour", "dish_id", "name_key") DO UPDATE
      SET "quantity" = r."quantity" + excluded."quantity", "amount" = r."amount" + excluded."amount",
          "last_item" = greatest(r."last_item", excluded."last_item");
  ELSE
    UPDATE "report_dish_hours" r SET "quantity" = r."quantity" - x."quantity", "amount" = r."amount" - x."amount"
    FROM (SELECT coalesce(i."dish_id", 0) AS dish_id, CASE WHEN i."dish_id" IS NULL THEN i."name" ELSE '' END AS name_key,
            sum(i."quantity") AS quantity, sum(i."price" * i."quantity") AS amount
          FROM "order_items" i WHERE i."order_id" = p_order AND i."status" <> 'DELETED' GROUP BY 1, 2) x
    WHERE r."eatery_id" = p_eatery AND r."hour" = date_trunc('hour', p_paid, 'UTC')
      AND r."dish_id" = x.dish_id AND r."name_key" = x.name_key;
    DELETE FROM "report_dish_hours" r
    WHERE r."eatery_id" = p_eatery AND r."hour" = date_trunc('hour', p_paid, 'UTC') AND r."quantity" = 0 AND r."amount" = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- One item row added (1) to or taken (-1) from the dish hours of its PAID order (an item changed after paying).
CREATE FUNCTION "report_dish_item"(p_item "order_items", p_eatery integer, p_paid timestamptz, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_item."status" = 'DELETED' THEN
    RETURN;
  END IF;
  PERFORM "report_dish_lock"(p_eatery);
  INSERT INTO "report_dish_hours" AS r ("eatery_id", "hour", "dish_id", "name_key", "quantity", "amount", "last_item")
  VALUES (p_eatery, date_trunc('hour', p_paid, 'UTC'), coalesce(p_item."dish_id", 0),
    CASE WHEN p_item."dish_id" IS NULL THEN p_item."name" ELSE '' END, p_sign * p_item."quantity",
    p_sign * p_item."price" * p_item."quantity", p_item."id")
  ON CONFLICT ("eatery_id", "hour", "dish_id", "name_key") DO UPDATE
    SET "quantity" = r."quantity" + excluded."quantity", "amount" = r."amount" + excluded."amount",
        "last_item" = CASE WHEN p_sign > 0 THEN greatest(r."last_item", excluded."last_item") ELSE r."last_item" END;
  DELETE FROM "report_dish_hours" r
  WHERE r."eatery_id" = p_eatery AND r."hour" = date_trunc('hour', p_paid, 'UTC') AND r."quantity" = 0 AND r."amount" = 0;
END;
$$;
--> statement-breakpoint
-- Before an order row is written: the total while PAID (live items − discount, as the reports count revenue), paid_at
-- of a PAID order (the report's former coalesce(paid_at, updated_at)), the first READY / ISSUED times, and its dishes
-- moved in or out of the dish hours when it becomes PAID, stops being PAID or its paid time changes.
-- A rebuild (report_data_rebuild) sets qr.report_rebuild and does all of this in bulk instead.
CREATE FUNCTION "orders_report_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_paid boolean := TG_OP = 'UPDATE' AND OLD."status" = 'PAID';
BEGIN
  IF current_setting('qr.report_rebuild', true) = 'on' THEN
    RETURN NEW;
  END IF;
  IF NEW."status" = 'PAID' THEN
    NEW."paid_at" := coalesce(NEW."paid_at", NEW."updated_at");
  END IF;
  IF was_paid AND (NEW."status" <> 'PAID' OR NEW."paid_at" IS DISTINCT FROM OLD."paid_at") THEN
    PERFORM "report_dish_apply"(OLD."id", OLD."eatery_id", OLD."paid_at", -1);
  END IF;
  IF NEW."status" = 'PAID' THEN
    IF NOT was_paid OR NEW."paid_at" IS DISTINCT FROM OLD."paid_at" THEN
      PERFORM "report_dish_apply"(NEW."id", NEW."eatery_id", NEW."paid_at", 1);
    END IF;
    IF NOT was_paid OR NEW."discount" <> OLD."discount" OR NEW."total" IS NULL THEN
      NEW."total" := coalesce((SELECT sum(i."price" * i."quantity") FROM "order_items" i
                               WHERE i."order_id" = NEW."id" AND i."status" <> 'DELETED'), 0) - NEW."discount";
    END IF;
  ELSE
    NEW."total" := NULL;
  END IF;
  IF NEW."status" = 'READY' AND NEW."ready_at" IS NULL THEN
    NEW."ready_at" := clock_timestamp();
  END IF;
  IF NEW."status" = 'ISSUED' AND NEW."served_at" IS NULL THEN
    NEW."served_at" := clock_timestamp();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Orders are placed CREATED: the placement path does not call the function at all (WHEN is checked in C).
CREATE TRIGGER "orders_report_insert" BEFORE INSERT ON "orders"
  FOR EACH ROW WHEN (NEW."status" <> 'CREATED') EXECUTE FUNCTION "orders_report_fields"();
--> statement-breakpoint
CREATE TRIGGER "orders_report_update" BEFORE UPDATE ON "orders"
  FOR EACH ROW WHEN (NEW."status" IN ('PAID', 'READY', 'ISSUED') OR OLD."status" = 'PAID')
  EXECUTE FUNCTION "orders_report_fields"();
--> statement-breakpoint
-- A PAID order deleted (the admin may): its dishes leave the dish hours while its items still exist.
CREATE FUNCTION "orders_report_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_dish_apply"(OLD."id", OLD."eatery_id", OLD."paid_at", -1);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_report_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW WHEN (OLD."status" = 'PAID') EXECUTE FUNCTION "orders_report_delete"();
--> statement-breakpoint
-- The history row of a READY / ISSUED status takes the very time stored on the order (one clock reading, so the
-- history and orders.ready_at / served_at agree to the microsecond).
CREATE OR REPLACE FUNCTION "record_order_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := clock_timestamp();
BEGIN
  IF TG_OP = 'INSERT' OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    IF NEW."status" = 'READY' AND NEW."ready_at" IS NOT NULL
       AND (TG_OP = 'INSERT' OR NEW."ready_at" IS DISTINCT FROM OLD."ready_at") THEN
      at := NEW."ready_at";
    ELSIF NEW."status" = 'ISSUED' AND NEW."served_at" IS NOT NULL
       AND (TG_OP = 'INSERT' OR NEW."served_at" IS DISTINCT FROM OLD."served_at") THEN
      at := NEW."served_at";
    END IF;
    INSERT INTO "order_status_history" ("order_id", "eatery_id", "status", "changed_at")
    VALUES (NEW."id", NEW."eatery_id", NEW."status", at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A history row corrected by hand (or backdated by a test): the order's first READY / ISSUED times follow it.
CREATE FUNCTION "history_report_times"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET
    "ready_at" = (SELECT min(h."changed_at") FROM "order_status_history" h
                  WHERE h."order_id" = o."id" AND h."status" = 'READY'),
    "served_at" = (SELECT min(h."changed_at") FROM "order_status_history" h
                   WHERE h."order_id" = o."id" AND h."status" = 'ISSUED')
  WHERE o."id" IN (OLD."order_id", NEW."order_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "history_report_times" AFTER UPDATE OF "changed_at", "status", "order_id" ON "order_status_history"
  FOR EACH ROW WHEN (OLD."status" IN ('READY', 'ISSUED') OR NEW."status" IN ('READY', 'ISSUED'))
  EXECUTE FUNCTION "history_report_times"();
--> statement-breakpoint
-- An item of a PAID order changed (the app refuses this with 409, but a dish deleted sets dish_id to null, and a
-- correction by hand must not leave the figures wrong): its dish hours and the order's total follow. Items are not
-- inserted into PAID orders (409 orderClosed), so INSERT has no trigger and the placement path pays nothing.
CREATE FUNCTION "order_items_report"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT "id", "eatery_id", "paid_at", "status" INTO o FROM "orders" WHERE "id" = OLD."order_id";
    IF FOUND AND o."status" = 'PAID' THEN
      PERFORM "report_dish_item"(OLD, o."eatery_id", o."paid_at", -1);
      UPDATE "orders" SET "total" = "total" - CASE WHEN OLD."status" = 'DELETED' THEN 0 ELSE OLD."price" * OLD."quantity" END
      WHERE "id" = o."id";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT "id", "eatery_id", "paid_at", "status" INTO o FROM "orders" WHERE "id" = NEW."order_id";
    IF FOUND AND o."status" = 'PAID' THEN
      PERFORM "report_dish_item"(NEW, o."eatery_id", o."paid_at", 1);
      UPDATE "orders" SET "total" = "total" + CASE WHEN NEW."status" = 'DELETED' THEN 0 ELSE NEW."price" * NEW."quantity" END
      WHERE "id" = o."id";
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_report_update" AFTER UPDATE ON "order_items"
  FOR EACH ROW WHEN (OLD."dish_id" IS DISTINCT FROM NEW."dish_id" OR OLD."name" <> NEW."name"
    OR OLD."price" <> NEW."price" OR OLD."quantity" <> NEW."quantity" OR OLD."order_id" <> NEW."order_id"
    OR (OLD."status" = 'DELETED') <> (NEW."status" = 'DELETED'))
  EXECUTE FUNCTION "order_items_report"();
--> statement-breakpoint
CREATE TRIGGER "order_items_report_delete" AFTER DELETE ON "order_items"
  FOR EACH ROW WHEN (OLD."status" <> 'DELETED') EXECUTE FUNCTION "order_items_report"();
--> statement-breakpoint
-- Recomputes every stored figure of one restaurant (null: all) from the rows: used below for the orders from before,
-- and by bulk loads (bench/reports.ts) that insert PAID orders before their items.
CREATE FUNCTION "report_data_rebuild"(p_eatery integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('qr.report_rebuild', 'on', true);
  UPDATE "orders" o SET "paid_at" = coalesce(o."paid_at", o."updated_at"),
    "total" = coalesce(t.amount, 0) - o."discount"
  FROM "orders" p LEFT JOIN (SELECT i."order_id", sum(i."price" * i."quantity") AS amount FROM "order_items" i
                             JOIN "orders" x ON x."id" = i."order_id"
                             WHERE i."status" <> 'DELETED' AND x."status" = 'PAID'
                               AND (p_eatery IS NULL OR x."eatery_id" = p_eatery)
                             GROUP BY i."order_id") t ON t."order_id" = p."id"
  WHERE o."id" = p."id" AND p."status" = 'PAID' AND (p_eatery IS NULL OR p."eatery_id" = p_eatery);
  UPDATE "orders" o SET "total" = NULL
  WHERE o."status" <> 'PAID' AND o."total" IS NOT NULL AND (p_eatery IS NULL OR o."eatery_id" = p_eatery);
  UPDATE "orders" o SET "ready_at" = h.ready, "served_at" = h.served
  FROM (SELECT "order_id", min("changed_at") FILTER (WHERE "status" = 'READY') AS ready,
          min("changed_at") FILTER (WHERE "status" = 'ISSUED') AS served
        FROM "order_status_history"
        WHERE "status" IN ('READY', 'ISSUED') AND (p_eatery IS NULL OR "eatery_id" = p_eatery)
        GROUP BY "order_id") h
  WHERE o."id" = h."order_id" AND (o."ready_at" IS DISTINCT FROM h.ready OR o."served_at" IS DISTINCT FROM h.served);
  DELETE FROM "report_dish_hours" WHERE p_eatery IS NULL OR "eatery_id" = p_eatery;
  INSERT INTO "report_dish_hours" ("eatery_id", "hour", "dish_id", "name_key", "quantity", "amount", "last_item")
  SELECT o."eatery_id", date_trunc('hour', o."paid_at", 'UTC'), coalesce(i."dish_id", 0),
    CASE WHEN i."dish_id" IS NULL THEN i."name" ELSE '' END, sum(i."quantity"), sum(i."price" * i."quantity"), max(i."id")
  FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
  WHERE o."status" = 'PAID' AND i."status" <> 'DELETED' AND (p_eatery IS NULL OR o."eatery_id" = p_eatery)
  GROUP BY 1, 2, 3, 4;
  PERFORM set_config('qr.report_rebuild', 'off', true);
END;
$$;
--> statement-breakpoint
SELECT "report_data_rebuild"(NULL);
