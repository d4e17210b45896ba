GRANT SELECT, INSERT ON audit_logs TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON mail_settings TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['audit_logs', 'mail_settings']) AS t;
