-- Summaries the operator console reads instead of scanning reports and jobs (see the triggers below).
CREATE TABLE `job_buckets` (
	`start` integer PRIMARY KEY NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_queue` (
	`skin_id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL,
	`r_skin` integer NOT NULL,
	`r_name` integer NOT NULL,
	`r_tags` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `report_queue_newest_idx` ON `report_queue` (`last_at`);--> statement-breakpoint
CREATE INDEX `report_queue_most_idx` ON `report_queue` (`n`,`last_at`);--> statement-breakpoint
-- The report queue's rows per skin, from the open reports already stored.
INSERT INTO `report_queue` (`skin_id`, `n`, `r_skin`, `r_name`, `r_tags`, `first_at`, `last_at`)
SELECT `skin_id`, count(*), sum(`reason` = 'skin'), sum(`reason` = 'name'), sum(`reason` = 'tags'), min(`created_at`), max(`created_at`)
FROM `skin_reports` WHERE `status` = 'open' GROUP BY `skin_id`;
--> statement-breakpoint
-- A report that opens (filed, or reopened by an undo) counts on its skin's row.
CREATE TRIGGER `report_queue_open_insert` AFTER INSERT ON `skin_reports` WHEN NEW.`status` = 'open' BEGIN
  INSERT INTO `report_queue` (`skin_id`, `n`, `r_skin`, `r_name`, `r_tags`, `first_at`, `last_at`)
  VALUES (NEW.`skin_id`, 1, NEW.`reason` = 'skin', NEW.`reason` = 'name', NEW.`reason` = 'tags', NEW.`created_at`, NEW.`created_at`)
  ON CONFLICT (`skin_id`) DO UPDATE SET `n` = `n` + 1, `r_skin` = `r_skin` + excluded.`r_skin`, `r_name` = `r_name` + excluded.`r_name`,
    `r_tags` = `r_tags` + excluded.`r_tags`, `first_at` = min(`first_at`, excluded.`first_at`), `last_at` = max(`last_at`, excluded.`last_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_queue_open_update` AFTER UPDATE OF `status` ON `skin_reports` WHEN OLD.`status` <> 'open' AND NEW.`status` = 'open' BEGIN
  INSERT INTO `report_queue` (`skin_id`, `n`, `r_skin`, `r_name`, `r_tags`, `first_at`, `last_at`)
  VALUES (NEW.`skin_id`, 1, NEW.`reason` = 'skin', NEW.`reason` = 'name', NEW.`reason` = 'tags', NEW.`created_at`, NEW.`created_at`)
  ON CONFLICT (`skin_id`) DO UPDATE SET `n` = `n` + 1, `r_skin` = `r_skin` + excluded.`r_skin`, `r_name` = `r_name` + excluded.`r_name`,
    `r_tags` = `r_tags` + excluded.`r_tags`, `first_at` = min(`first_at`, excluded.`first_at`), `last_at` = max(`last_at`, excluded.`last_at`);
END;
--> statement-breakpoint
-- A report that closes (dismissed, actioned, deleted with its skin) leaves it; first and latest come
-- from the partial index of open reports (O(log n)); a skin without open reports leaves the queue.
CREATE TRIGGER `report_queue_close_update` AFTER UPDATE OF `status` ON `skin_reports` WHEN OLD.`status` = 'open' AND NEW.`status` <> 'open' BEGIN
  UPDATE `report_queue` SET `n` = `n` - 1, `r_skin` = `r_skin` - (OLD.`reason` = 'skin'), `r_name` = `r_name` - (OLD.`reason` = 'name'),
    `r_tags` = `r_tags` - (OLD.`reason` = 'tags'),
    `first_at` = coalesce((SELECT min(`created_at`) FROM `skin_reports` WHERE `skin_id` = OLD.`skin_id` AND `status` = 'open'), `first_at`),
    `last_at` = coalesce((SELECT max(`created_at`) FROM `skin_reports` WHERE `skin_id` = OLD.`skin_id` AND `status` = 'open'), `last_at`)
  WHERE `skin_id` = OLD.`skin_id`;
  DELETE FROM `report_queue` WHERE `skin_id` = OLD.`skin_id` AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `report_queue_close_delete` AFTER DELETE ON `skin_reports` WHEN OLD.`status` = 'open' BEGIN
  UPDATE `report_queue` SET `n` = `n` - 1, `r_skin` = `r_skin` - (OLD.`reason` = 'skin'), `r_name` = `r_name` - (OLD.`reason` = 'name'),
    `r_tags` = `r_tags` - (OLD.`reason` = 'tags'),
    `first_at` = coalesce((SELECT min(`created_at`) FROM `skin_reports` WHERE `skin_id` = OLD.`skin_id` AND `status` = 'open'), `first_at`),
    `last_at` = coalesce((SELECT max(`created_at`) FROM `skin_reports` WHERE `skin_id` = OLD.`skin_id` AND `status` = 'open'), `last_at`)
  WHERE `skin_id` = OLD.`skin_id`;
  DELETE FROM `report_queue` WHERE `skin_id` = OLD.`skin_id` AND `n` <= 0;
END;
--> statement-breakpoint
-- Finished jobs per 15 minutes for the site status's chart; a week is kept.
INSERT INTO `job_buckets` (`start`, `completed`, `failed`)
SELECT (`finished_at` / 900000) * 900000, sum(`status` = 'completed'), sum(`status` = 'failed')
FROM `jobs` WHERE `status` IN ('completed', 'failed') AND `finished_at` IS NOT NULL GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `job_buckets_finish_update` AFTER UPDATE OF `status` ON `jobs`
WHEN NEW.`status` IN ('completed', 'failed') AND OLD.`status` NOT IN ('completed', 'failed') AND NEW.`finished_at` IS NOT NULL BEGIN
  INSERT INTO `job_buckets` (`start`, `completed`, `failed`)
  VALUES ((NEW.`finished_at` / 900000) * 900000, NEW.`status` = 'completed', NEW.`status` = 'failed')
  ON CONFLICT (`start`) DO UPDATE SET `completed` = `completed` + excluded.`completed`, `failed` = `failed` + excluded.`failed`;
  DELETE FROM `job_buckets` WHERE `start` < NEW.`finished_at` - 604800000;
END;
--> statement-breakpoint
CREATE TRIGGER `job_buckets_finish_insert` AFTER INSERT ON `jobs`
WHEN NEW.`status` IN ('completed', 'failed') AND NEW.`finished_at` IS NOT NULL BEGIN
  INSERT INTO `job_buckets` (`start`, `completed`, `failed`)
  VALUES ((NEW.`finished_at` / 900000) * 900000, NEW.`status` = 'completed', NEW.`status` = 'failed')
  ON CONFLICT (`start`) DO UPDATE SET `completed` = `completed` + excluded.`completed`, `failed` = `failed` + excluded.`failed`;
  DELETE FROM `job_buckets` WHERE `start` < NEW.`finished_at` - 604800000;
END;
