ALTER TABLE "tenant_domains" ADD COLUMN "position" integer;--> statement-breakpoint
-- Existing domains keep the order they were entered in (creation time); domains written in one
-- statement (the seeded landlord's localhost and 127.0.0.1) put names before IP addresses.
UPDATE "tenant_domains" AS "d" SET "position" = "ranked"."position"
FROM (
	SELECT "domain", (row_number() OVER (PARTITION BY "tenant_id" ORDER BY "created_at", "domain" ~ '^[0-9.]+$', "domain") - 1)::integer AS "position"
	FROM "tenant_domains"
) AS "ranked"
WHERE "ranked"."domain" = "d"."domain";--> statement-breakpoint
ALTER TABLE "tenant_domains" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD CONSTRAINT "tenant_domains_tenant_position_unique" UNIQUE("tenant_id","position");
