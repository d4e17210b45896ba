CREATE TABLE "payout_accounts" (
	"tenant_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"business_type" text,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements" jsonb NOT NULL,
	"disabled_reason" text,
	"tos_accepted" boolean DEFAULT false NOT NULL,
	"bank_last4" text,
	"bank_name" text,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state_as_of" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_tenant_id_business_id_pk" PRIMARY KEY("tenant_id","business_id")
);
--> statement-breakpoint
CREATE TABLE "payout_onboarding_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_onboarding_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_onboarding_links" ADD CONSTRAINT "payout_onboarding_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_onboarding_links" ADD CONSTRAINT "payout_onboarding_links_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_onboarding_links" ADD CONSTRAINT "payout_onboarding_links_user_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_unique" ON "payout_accounts" USING btree ("tenant_id","provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_onboarding_links_hash_unique" ON "payout_onboarding_links" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "payout_onboarding_links_business_idx" ON "payout_onboarding_links" USING btree ("tenant_id","business_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payout_accounts, payout_onboarding_links TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['payout_accounts', 'payout_onboarding_links']) AS t;
