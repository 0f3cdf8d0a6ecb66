CREATE TABLE `banned_tags` (
	`tag` text PRIMARY KEY NOT NULL,
	`log_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `banned_textures` (
	`texture_hash` text PRIMARY KEY NOT NULL,
	`log_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` text,
	`action` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` text NOT NULL,
	`note` text,
	`data` text,
	`created_at` integer NOT NULL,
	`undone_at` integer,
	`undone_by` text
);
--> statement-breakpoint
CREATE INDEX `moderation_log_time_idx` ON `moderation_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_log_target_idx` ON `moderation_log` (`target_kind`,`target_id`);--> statement-breakpoint
ALTER TABLE `skin_reports` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `skin_reports` ADD `resolved_at` integer;--> statement-breakpoint
CREATE INDEX `skin_reports_open_idx` ON `skin_reports` (`skin_id`,`created_at`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `skin_reports_reporter_idx` ON `skin_reports` (`reporter`,`created_at`);--> statement-breakpoint
ALTER TABLE `skins` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `skins` ADD `hidden_visibility` text;