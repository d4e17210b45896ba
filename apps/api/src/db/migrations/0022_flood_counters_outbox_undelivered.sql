-- Mail not delivered yet, across tenants: what the outbox sweep and the metrics read.
CREATE INDEX "outbox_undelivered_idx" ON "outbox" USING btree ("status","created_at") WHERE status <> 'sent';
--> statement-breakpoint
-- Flood-limit windows shared by every app process (platform/flood-limit.ts): an owner table like
-- throttle_counters (digest keys, no grant to app_user). UNLOGGED: counting a request writes no
-- WAL, so it waits for no disk flush; a crash or failover empties it, which only restarts windows.
CREATE UNLOGGED TABLE "flood_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flood_counters_window_started_idx" ON "flood_counters" USING btree ("window_started_at");
