-- The application works as app_user inside transactions (SET LOCAL ROLE app_user) with the
-- tenant in app.tenant_id; row-level security then confines every statement to that tenant.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
    WHERE r.rolname = 'app_user' AND m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)
  ) AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
GRANT SELECT ON tenants, tenant_domains TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON users, businesses, roles, business_users, sessions, access_tokens, one_time_tokens, outbox TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT ON access_logs, api_logs TO app_user;
--> statement-breakpoint
-- Every later migration that adds a tenant-owned table calls this once for it.
CREATE OR REPLACE FUNCTION enable_tenant_isolation(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid)',
    t
  );
END
$$;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['users', 'businesses', 'roles', 'business_users', 'sessions', 'access_tokens', 'one_time_tokens', 'outbox', 'access_logs', 'api_logs']) AS t;
