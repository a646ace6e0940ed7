CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"eatery_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE FUNCTION "record_order_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "order_status_history" ("order_id", "eatery_id", "status", "changed_at")
    VALUES (NEW."id", NEW."eatery_id", NEW."status", clock_timestamp());
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_status_history" AFTER INSERT OR UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "record_order_status"();
--> statement-breakpoint
-- Orders from before: when they were placed, and their present status when last changed.
INSERT INTO "order_status_history" ("order_id", "eatery_id", "status", "changed_at")
  SELECT "id", "eatery_id", 'CREATED', "created_at" FROM "orders";
--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "eatery_id", "status", "changed_at")
  SELECT "id", "eatery_id", "status", "updated_at" FROM "orders" WHERE "status" <> 'CREATED';
