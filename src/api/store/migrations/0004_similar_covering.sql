DROP INDEX `skins_similar_idx`;--> statement-breakpoint
ALTER TABLE `skins` ADD `features` blob;--> statement-breakpoint
-- Hand-added backfill: copy each skin's histogram from its texture data row.
UPDATE `skins` SET `features` = (SELECT `features` FROM `skin_data` WHERE `skin_data`.`id` = `skins`.`data_id`);--> statement-breakpoint
CREATE INDEX `skins_similar_idx` ON `skins` (`colour_key`,id DESC,`texture_hash`,`features`) WHERE visibility = 'public' AND deleted_at IS NULL;