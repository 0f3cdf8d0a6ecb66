-- "Wear it" (docs/wear.md): a user's own linked Minecraft account (sealed tokens, never in the signing
-- pool), the skins they wore through the site, and which kind of thing a device-code sign-in makes.
CREATE TABLE `minecraft_links` (
	`user_id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`profile_name` text NOT NULL,
	`auth_flow` text NOT NULL,
	`refresh_token` text NOT NULL,
	`access_token` text NOT NULL,
	`token_expires_at` integer NOT NULL,
	`skin_url` text,
	`skin_hash` text,
	`skin_variant` text,
	`capes` text DEFAULT '[]' NOT NULL,
	`needs_sign_in_at` integer,
	`next_change_at` integer DEFAULT 0 NOT NULL,
	`linked_at` integer NOT NULL,
	`read_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `minecraft_links_profile_idx` ON `minecraft_links` (`profile_id`);--> statement-breakpoint
CREATE TABLE `wear_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`skin_uuid` text NOT NULL,
	`skin_name` text,
	`texture_hash` text NOT NULL,
	`variant` text NOT NULL,
	`profile_id` text NOT NULL,
	`cape_id` text,
	`worn_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wear_history_user_idx` ON `wear_history` (`user_id`,`worn_at`);--> statement-breakpoint
ALTER TABLE `pool_sign_ins` ADD `purpose` text DEFAULT 'pool' NOT NULL;