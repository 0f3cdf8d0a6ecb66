CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`token_source` text NOT NULL,
	`access_token` text NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	`last_used` integer DEFAULT 0 NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`timeout_until` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`capes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `antibot_spent` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `antibot_spent_expiry_idx` ON `antibot_spent` (`expires_at`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`user_id` text,
	`grants` text,
	`created_at` integer NOT NULL,
	`last_used` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_idx` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `blobs` (
	`key` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`image_hash` text,
	`user_uuid` text,
	`source_name` text,
	`options` text NOT NULL,
	`user_id` text,
	`api_key_id` text,
	`client_id` text,
	`ip` text,
	`breadcrumb` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`result` text,
	`duplicate` text,
	`errors` text,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_user_idx` ON `jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_key_idx` ON `jobs` (`api_key_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_client_idx` ON `jobs` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_ip_idx` ON `jobs` (`ip`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_finished_idx` ON `jobs` (`finished_at`);--> statement-breakpoint
CREATE TABLE `skin_clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`skin_id` integer NOT NULL,
	`user_id` text,
	`api_key_id` text,
	`client_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `skin_clients_skin_idx` ON `skin_clients` (`skin_id`);--> statement-breakpoint
CREATE INDEX `skin_clients_user_idx` ON `skin_clients` (`user_id`,`skin_id`);--> statement-breakpoint
CREATE INDEX `skin_clients_key_idx` ON `skin_clients` (`api_key_id`,`skin_id`);--> statement-breakpoint
CREATE INDEX `skin_clients_client_idx` ON `skin_clients` (`client_id`,`skin_id`);--> statement-breakpoint
CREATE TABLE `skin_data` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`texture_hash` text NOT NULL,
	`image_hash` text NOT NULL,
	`variant` text NOT NULL,
	`cape_hash` text DEFAULT '' NOT NULL,
	`value` text NOT NULL,
	`signature` text NOT NULL,
	`texture_url` text NOT NULL,
	`cape_url` text,
	`account` text NOT NULL,
	`server` text NOT NULL,
	`worker` text NOT NULL,
	`queue_start` integer NOT NULL,
	`queue_end` integer NOT NULL,
	`features` blob NOT NULL,
	`colour_key` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skin_data_dedupe_idx` ON `skin_data` (`texture_hash`,`variant`,`cape_hash`);--> statement-breakpoint
CREATE INDEX `skin_data_image_idx` ON `skin_data` (`image_hash`);--> statement-breakpoint
CREATE TABLE `skin_edits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`skin_id` integer NOT NULL,
	`time` integer NOT NULL,
	`field` text NOT NULL,
	`from` text,
	`to` text,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `skin_edits_skin_idx` ON `skin_edits` (`skin_id`);--> statement-breakpoint
CREATE TABLE `skin_likes` (
	`skin_id` integer NOT NULL,
	`voter` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `voter`)
);
--> statement-breakpoint
CREATE TABLE `skin_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`skin_id` integer NOT NULL,
	`reporter` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skin_reports_once_idx` ON `skin_reports` (`skin_id`,`reporter`);--> statement-breakpoint
CREATE TABLE `skin_tags` (
	`skin_id` integer NOT NULL,
	`tag` text NOT NULL,
	`up` integer DEFAULT 0 NOT NULL,
	`down` integer DEFAULT 0 NOT NULL,
	`visible` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `tag`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `skins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`short_id` text NOT NULL,
	`data_id` integer NOT NULL,
	`name` text,
	`visibility` text NOT NULL,
	`variant` text NOT NULL,
	`status` text NOT NULL,
	`texture_hash` text NOT NULL,
	`colour_key` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`edit_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`data_id`) REFERENCES `skin_data`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skins_uuid_idx` ON `skins` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `skins_short_id_idx` ON `skins` (`short_id`);--> statement-breakpoint
CREATE INDEX `skins_data_idx` ON `skins` (`data_id`);--> statement-breakpoint
CREATE INDEX `skins_latest_idx` ON `skins` (`id`) WHERE visibility = 'public' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `skins_popular_idx` ON `skins` (views DESC,id DESC,`created_at`) WHERE visibility = 'public' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `skins_similar_idx` ON `skins` (`colour_key`,id DESC) WHERE visibility = 'public' AND deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE `stat_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tag_votes` (
	`skin_id` integer NOT NULL,
	`tag` text NOT NULL,
	`voter` text NOT NULL,
	`vote` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `tag`, `voter`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`email` text,
	`grants` text,
	`created_at` integer NOT NULL
);
