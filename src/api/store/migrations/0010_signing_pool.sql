CREATE TABLE `pool_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`flow` text NOT NULL,
	`device_code` text NOT NULL,
	`user_code` text NOT NULL,
	`verification_uri` text NOT NULL,
	`interval_s` integer NOT NULL,
	`next_poll_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`status` text NOT NULL,
	`error_code` text,
	`account_id` text,
	`renew_account_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pool_sign_ins_user_idx` ON `pool_sign_ins` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `owner_user_id` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `auth_flow` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `refresh_token` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `needs_sign_in_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `uses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `locked_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `lock_id` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `last_error_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `restore_skin` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `own_skin` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `refreshed_at` integer;