-- Skins a signed-in user got from the v1 generate routes: MineSkin's `User.skins`, listed by
-- GET /v2/me/legacyskins (src/api/users/routes/me-legacy-skins.ts).
CREATE TABLE `legacy_skins` (
	`user_id` text NOT NULL,
	`skin_uuid` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `skin_uuid`)
);
--> statement-breakpoint
CREATE INDEX `legacy_skins_user_idx` ON `legacy_skins` (`user_id`,`created_at`);