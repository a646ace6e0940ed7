-- A counter of access changes, shared by every server instance: a membership cached in one instance's memory is used
-- only while this counter still has the value it was read with, so a role taken away through another instance is
-- refused from that instance's very next request. Triggers bump it in the transaction of the change itself, so no
-- writer can forget it and a rolled-back change bumps nothing. One row: access changes are rare (staff management).
CREATE TABLE "access_version" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "access_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_access_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "access_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Memberships carry the roles (deleting a user or a restaurant deletes its memberships, which fires this too).
CREATE TRIGGER "memberships_access_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
-- The owner is part of the cached membership.
CREATE TRIGGER "eateries_access_version" AFTER UPDATE OF "owner_id" OR DELETE ON "eateries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
