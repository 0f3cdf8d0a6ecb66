-- Reports: the address each came from, so the hourly report limit counts per address as well as per
-- reporter, whatever cookie was sent (src/api/skins/community/reports.ts).
ALTER TABLE `skin_reports` ADD `address` text;--> statement-breakpoint
CREATE INDEX `skin_reports_address_idx` ON `skin_reports` (`address`,`created_at`);--> statement-breakpoint
-- Reports filed by address already name it in their reporter key.
UPDATE `skin_reports` SET `address` = substr(`reporter`, 4) WHERE `reporter` LIKE 'ip:%';
