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
ALTER TABLE "eateries" ADD COLUMN "tip_max_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "voided_from" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "audit_log_eatery_idx" ON "audit_log" USING btree ("eatery_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
