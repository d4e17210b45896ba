CREATE INDEX "ledger_transactions_loan_business_idx" ON "ledger_transactions" USING btree ("tenant_id","business_id","created_at" DESC,"id" DESC) WHERE subject_type = 'loan';--> statement-breakpoint
CREATE INDEX "ledger_transactions_loan_tenant_idx" ON "ledger_transactions" USING btree ("tenant_id","created_at" DESC,"id" DESC) WHERE subject_type = 'loan';--> statement-breakpoint
CREATE INDEX "ledger_transactions_loan_kind_idx" ON "ledger_transactions" USING btree ("tenant_id","business_id","kind","created_at" DESC,"id" DESC) WHERE subject_type = 'loan';--> statement-breakpoint
CREATE INDEX "ledger_transactions_loan_subject_idx" ON "ledger_transactions" USING btree ("tenant_id","subject_id","created_at" DESC,"id" DESC) WHERE subject_type = 'loan';--> statement-breakpoint
CREATE INDEX "loans_tenant_created_idx" ON "loans" USING btree ("tenant_id","created_at" DESC,"id" DESC);
