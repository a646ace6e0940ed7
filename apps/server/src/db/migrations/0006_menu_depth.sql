ALTER TABLE "categories" ADD COLUMN "available_hours" jsonb;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "option_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "available_hours" jsonb;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "available_again_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "table_keys_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "confirm_guest_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejection_reason" text;