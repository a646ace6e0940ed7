CREATE TABLE "order_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_order_id" integer,
	"to_order_id" integer,
	"from_table" text DEFAULT '' NOT NULL,
	"to_table" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"eatery_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "course" integer;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "stock_count" integer;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "device_lock_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "courses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "course_fire_mode" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "pickup_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "show_stock_left" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "seat" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "course" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'DINE_IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_devices" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "order_moves" ADD CONSTRAINT "order_moves_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_moves" ADD CONSTRAINT "order_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD CONSTRAINT "pos_devices_eatery_id_eateries_id_fk" FOREIGN KEY ("eatery_id") REFERENCES "public"."eateries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD CONSTRAINT "pos_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_moves_eatery_created_idx" ON "order_moves" USING btree ("eatery_id","created_at");--> statement-breakpoint
CREATE INDEX "pos_devices_eatery_idx" ON "pos_devices" USING btree ("eatery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_pin_idx" ON "memberships" USING btree ("eatery_id","pin_hash");--> statement-breakpoint
-- A counted dish never goes below zero portions: two guests racing for the last one cannot both take it (the loser's
-- update fails this check or finds too few and is refused).
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_stock_count_range" CHECK ("stock_count" IS NULL OR "stock_count" BETWEEN 0 AND 9999);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_known" CHECK ("kind" IN ('DINE_IN', 'TAKEAWAY', 'PICKUP'));--> statement-breakpoint
ALTER TABLE "eateries" ADD CONSTRAINT "eateries_course_fire_mode_known" CHECK ("course_fire_mode" IN ('MANUAL', 'AFTER_PREVIOUS'));--> statement-breakpoint
-- A guest sees the orders of their device and those merged into one that held their device.
CREATE INDEX "orders_guest_devices_idx" ON "orders" USING gin ("guest_devices");
