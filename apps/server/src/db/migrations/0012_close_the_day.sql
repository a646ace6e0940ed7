CREATE TABLE "drawer_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"business_day" date NOT NULL,
	"opening_float" numeric(10, 2) NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"expected" numeric(12, 2),
	"counted" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "z_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"number" integer NOT NULL,
	"business_day" date NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_by_name" text NOT NULL,
	"figures" jsonb NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by_name" text,
	"reopen_reason" text
);
--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "service_charge_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "service_charge_names" jsonb DEFAULT '{"az":"Xidmət haqqı","en":"Service charge","ru":"Обслуживание"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "service_charge_takeaway" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "vat_payer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "vat_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "receipt_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "day_start_hour" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_charge_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tendered" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "drawer_session_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "business_day" date;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_session_id_drawer_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."drawer_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_sessions" ADD CONSTRAINT "drawer_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawer_movements_session_idx" ON "drawer_movements" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "drawer_sessions_eatery_day_idx" ON "drawer_sessions" USING btree ("eatery_id","business_day");--> statement-breakpoint
CREATE UNIQUE INDEX "drawer_sessions_one_open_idx" ON "drawer_sessions" USING btree ("eatery_id","user_id") WHERE "drawer_sessions"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_number_idx" ON "z_reports" USING btree ("eatery_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_one_closed_idx" ON "z_reports" USING btree ("eatery_id","business_day") WHERE "z_reports"."reopened_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_drawer_session_id_drawer_sessions_id_fk" FOREIGN KEY ("drawer_session_id") REFERENCES "public"."drawer_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_day_idx" ON "payments" USING btree ("eatery_id","business_day");--> statement-breakpoint
CREATE INDEX "payments_drawer_idx" ON "payments" USING btree ("drawer_session_id");--> statement-breakpoint
-- The restaurant's business day of a moment: its local calendar day, moved back by the day-start hour (a bar whose day
-- starts at 05:00 counts 01:30 on the 28th as the 27th). Orders (their numbers) and payments (the Z report) use it.
CREATE FUNCTION "business_day_of"(p_eatery integer, p_at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT ((p_at AT TIME ZONE e."time_zone") - make_interval(hours => e."day_start_hour"))::date
  FROM "eateries" e WHERE e."id" = p_eatery
$$;
--> statement-breakpoint
-- A new order also takes the restaurant's service charge rate of the moment (the one its guests were shown): at a
-- table always, without a table (takeaway) only when the restaurant charges takeaway too. Given here so that every
-- path that inserts orders (one by one, the batch statement) stamps it.
CREATE OR REPLACE FUNCTION "orders_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW."service_charge_bp" = 0 THEN
    NEW."service_charge_bp" := coalesce((SELECT CASE WHEN NEW."table_id" IS NOT NULL OR e."service_charge_takeaway"
      THEN e."service_charge_bp" ELSE 0 END FROM "eateries" e WHERE e."id" = NEW."eatery_id"), 0);
  END IF;
  IF NEW."number" IS NULL THEN
    NEW."business_day" := "business_day_of"(NEW."eatery_id", NEW."created_at");
    INSERT INTO "order_numbers" ("eatery_id", "day", "last") VALUES (NEW."eatery_id", NEW."business_day", 1)
      ON CONFLICT ("eatery_id", "day") DO UPDATE SET "last" = "order_numbers"."last" + 1
      RETURNING "last" INTO NEW."number";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
UPDATE "payments" SET "business_day" = "business_day_of"("eatery_id", "created_at");
--> statement-breakpoint
-- A day closed by a Z report (a z_reports row not reopened) takes no payment rows: none written into it, none changed
-- or deleted (a restaurant deleted as a whole still takes its payments with it: the cascade runs one trigger deeper).
-- Every payment row first takes a share lock on its restaurant's row; closing a day takes the row lock: a payment
-- and a closing never cross (the payment waits and is refused, or the closing waits and counts it).
CREATE FUNCTION "payments_day_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_eatery integer := CASE WHEN TG_OP = 'DELETE' THEN OLD."eatery_id" ELSE NEW."eatery_id" END;
  day date;
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  PERFORM 1 FROM "eateries" WHERE "id" = row_eatery FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    NEW."business_day" := "business_day_of"(NEW."eatery_id", NEW."created_at");
    day := NEW."business_day";
  ELSE
    day := OLD."business_day";
  END IF;
  IF EXISTS (SELECT 1 FROM "z_reports" z WHERE z."eatery_id" = row_eatery AND z."business_day" = day
             AND z."reopened_at" IS NULL) THEN
    RAISE EXCEPTION 'business day % is closed', day USING ERRCODE = 'Q0001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    NEW."business_day" := OLD."business_day";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_day_lock" BEFORE INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_day_lock"();
