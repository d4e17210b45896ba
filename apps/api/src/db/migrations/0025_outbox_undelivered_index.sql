CREATE INDEX "outbox_undelivered_idx" ON "outbox" USING btree ("status","created_at") WHERE status <> 'sent';
