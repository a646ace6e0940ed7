CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"group_id" text NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"tip" numeric(10, 2) DEFAULT '0' NOT NULL,
	"item_ids" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_method" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "language" text DEFAULT 'az' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "kitchen_amber_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "kitchen_red_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "names" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "batch" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_eatery_idx" ON "payments" USING btree ("eatery_id","created_at");--> statement-breakpoint
CREATE INDEX "table_calls_eatery_idx" ON "table_calls" USING btree ("eatery_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "table_calls_open_idx" ON "table_calls" USING btree ("table_id","device_id","kind") WHERE status = 'OPEN';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Names of items ordered before names were kept per language: the dish's current names (history keeps its az name).
UPDATE "order_items" AS i SET "names" = jsonb_build_object('az', i."name", 'en', COALESCE(NULLIF(d."name_en", ''), i."name"), 'ru', COALESCE(NULLIF(d."name_ru", ''), i."name")) FROM "dishes" AS d WHERE d."id" = i."dish_id" AND i."names" IS NULL;--> statement-breakpoint
-- Items already READY or SERVED count as bumped when they were last changed (no recall for them).
UPDATE "order_items" SET "ready_at" = "created_at" WHERE "status" IN ('READY', 'SERVED') AND "ready_at" IS NULL;
