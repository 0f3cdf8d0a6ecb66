DROP INDEX `skins_created_idx`;--> statement-breakpoint
CREATE INDEX `skins_listed_created_idx` ON `skins` (`created_at`,`id`) WHERE visibility = 'public' AND deleted_at IS NULL;