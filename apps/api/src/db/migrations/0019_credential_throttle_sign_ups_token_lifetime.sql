-- Attempt counters shared by every app process (platform/throttle.ts). An owner table, not
-- tenant-owned: keys are SHA-256 digests (nothing readable), a client address has one budget
-- across tenants, and app_user gets no grant on it.
CREATE TABLE "throttle_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_attempts" integer NOT NULL,
	"consecutive_failures" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "throttle_counters_last_attempt_idx" ON "throttle_counters" USING btree ("last_attempt_at");
--> statement-breakpoint
CREATE TABLE "pending_sign_ups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"business_name" text NOT NULL,
	"business_type" text NOT NULL,
	"business_structure" text NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_sign_ups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "pending_sign_ups_token_unique" ON "pending_sign_ups" USING btree ("tenant_id","token_hash");
--> statement-breakpoint
CREATE INDEX "pending_sign_ups_expiry_idx" ON "pending_sign_ups" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "security_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"personal_token_max_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_settings" ADD CONSTRAINT "security_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pending_sign_ups, security_settings TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['pending_sign_ups', 'security_settings']) AS t;
--> statement-breakpoint
-- Tokens made without an expiry get one a year after they were made (the default maximum).
UPDATE "access_tokens" SET "expires_at" = "created_at" + interval '1 year' WHERE "expires_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "access_tokens" ALTER COLUMN "expires_at" SET NOT NULL;
