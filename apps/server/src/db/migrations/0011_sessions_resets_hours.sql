CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
-- Restaurants that exist keep taking orders around the clock as before (false); new ones follow their hours (true).
ALTER TABLE "eateries" ADD COLUMN "orders_within_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eateries" ALTER COLUMN "orders_within_hours" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'az' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
-- Ending a user's sessions (session_version up) or deleting the user changes who may do what, as a membership change
-- does: the access checks' caches on every instance see the shared access version move.
CREATE TRIGGER "users_access_version" AFTER UPDATE OF "session_version" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
