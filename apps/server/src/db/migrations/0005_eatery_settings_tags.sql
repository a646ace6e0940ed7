ALTER TABLE "dishes" ADD COLUMN "dietary_tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "guest_language" text DEFAULT 'az' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "currency" text DEFAULT 'AZN' NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "eateries" ADD COLUMN "logo_image_id" integer;--> statement-breakpoint
ALTER TABLE "eateries" ADD CONSTRAINT "eateries_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;