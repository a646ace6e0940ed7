CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"approved_by" text,
	"order_id" integer,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "order_numbers" (
	"eatery_id" integer NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_numbers_eatery_id_day_pk" PRIMARY KEY("eatery_id","day")
);
--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "tip_max_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "voided_from" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "served_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_day" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "audit_log_eatery_idx" ON "audit_log" USING btree ("eatery_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_served_by_users_id_fk" FOREIGN KEY ("served_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The audit log is append-only: no code path, route or hand-written statement may change or remove an entry.
-- (TRUNCATE, which only an operator runs, is not a row change and stays possible for a test database.)
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- Order numbers people say out loud: per restaurant and business day (its calendar day in the restaurant's time zone
-- when the order was placed), from 1. Given by a trigger so that every path that inserts orders (one by one, the
-- batch statement, bulk loads) numbers them; the counter row is updated in the inserting transaction, so a rolled
-- back order gives its number back and there are no gaps.
CREATE FUNCTION "orders_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."number" IS NULL THEN
    NEW."business_day" := (NEW."created_at" AT TIME ZONE
      (SELECT "time_zone" FROM "eateries" WHERE "id" = NEW."eatery_id"))::date;
    INSERT INTO "order_numbers" ("eatery_id", "day", "last") VALUES (NEW."eatery_id", NEW."business_day", 1)
      ON CONFLICT ("eatery_id", "day") DO UPDATE SET "last" = "order_numbers"."last" + 1
      RETURNING "last" INTO NEW."number";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_number" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_number"();
--> statement-breakpoint
-- Orders placed before numbers existed get theirs in the order they were placed, and the counters continue from there.
UPDATE "orders" o SET "number" = n."num", "business_day" = n."day"
FROM (
  SELECT o2."id", (o2."created_at" AT TIME ZONE e."time_zone")::date AS "day",
    row_number() OVER (PARTITION BY o2."eatery_id", (o2."created_at" AT TIME ZONE e."time_zone")::date
      ORDER BY o2."created_at", o2."id") AS "num"
  FROM "orders" o2 JOIN "eateries" e ON e."id" = o2."eatery_id"
) n
WHERE n."id" = o."id";
--> statement-breakpoint
INSERT INTO "order_numbers" ("eatery_id", "day", "last")
SELECT "eatery_id", "business_day", max("number") FROM "orders" WHERE "number" IS NOT NULL GROUP BY 1, 2;
