ALTER TABLE "outbox" ADD COLUMN "sealed_content" text;--> statement-breakpoint
-- Mail already sent keeps only a readable copy: the one-time tokens and public document links it
-- carried are masked. Mail not yet sent is masked by the app when it is delivered.
UPDATE "outbox" SET
  "subject" = regexp_replace(regexp_replace(regexp_replace("subject", '(/(reset-password|accept-user-invitation|onboarding-business-invitation)/)[^\s/?#&"''<>]+', '\1[REDACTED]', 'g'), '(/public/[a-z-]+/(view/)?)[^\s/?#&"''<>]+', '\1[REDACTED]', 'g'), '([?&]token=)[^&\s#"''<>]+', '\1[REDACTED]', 'g'),
  "text" = regexp_replace(regexp_replace(regexp_replace("text", '(/(reset-password|accept-user-invitation|onboarding-business-invitation)/)[^\s/?#&"''<>]+', '\1[REDACTED]', 'g'), '(/public/[a-z-]+/(view/)?)[^\s/?#&"''<>]+', '\1[REDACTED]', 'g'), '([?&]token=)[^&\s#"''<>]+', '\1[REDACTED]', 'g'),
  "html" = regexp_replace(regexp_replace(regexp_replace("html", '(/(reset-password|accept-user-invitation|onboarding-business-invitation)/)[^\s/?#&"''<>]+', '\1[REDACTED]', 'g'), '(/public/[a-z-]+/(view/)?)[^\s/?#&"''<>]+', '\1[REDACTED]', 'g'), '([?&]token=)[^&\s#"''<>]+', '\1[REDACTED]', 'g')
WHERE "status" = 'sent';--> statement-breakpoint
-- API log rows written before responses that carry secrets were withheld: those bodies go (with
-- the outbox and API log answers of that time, which repeated mail text and logged bodies), and
-- token segments of logged URLs are masked.
UPDATE "api_logs" SET "response_body" = '{"omitted":"secret-bearing response"}'::jsonb
WHERE "url" ~ '^/api/v1/(auth/login|user/two-factor-authentication|user/confirmed-two-factor-authentication|user/two-factor-recovery-codes|me/tokens)([?]|$)' AND "method" = 'POST'
  OR "url" ~ '^/api/v1/(invoices|estimates|payments)/[^/?]+/links([?]|$)' AND "method" = 'POST'
  OR "url" ~ '^/api/v1/public/'
  OR "url" ~ '^/api/v1/platform/(outbox|logs)([/?]|$)';--> statement-breakpoint
UPDATE "api_logs" SET "url" = regexp_replace(regexp_replace("url", '^(/api/v1/(invitations|accept-user-invitation|onboarding-invitations|onboarding-business-invitation)/)[^/?#]+', '\1[REDACTED]'), '^(/api/v1/public/[a-z-]+/)[^/?#]+', '\1[REDACTED]')
WHERE "url" ~ '^/api/v1/(invitations|accept-user-invitation|onboarding-invitations|onboarding-business-invitation|public)/';
