-- Webhooks (docs/webhooks.md): an API key's webhook URL and whsec_ signing secret, and the durable
-- delivery rows the Bun loop retries with back-off for 24 h (src/api/webhooks).
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`api_key_id` text NOT NULL,
	`user_id` text,
	`url` text NOT NULL,
	`type` text NOT NULL,
	`job_id` text,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_user_idx` ON `webhook_deliveries` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `webhook_url` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `webhook_secret` text;