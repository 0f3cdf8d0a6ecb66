-- Metric values the database keeps (docs/operations.md "Metrics"), written by the triggers below in the
-- transaction that changes the row, so every process, the API Worker on D1 and the operator console read
-- the same figures. `labels` is a JSON object made by json_object (keys in a fixed order, so one label set
-- is one primary key); a histogram is its cumulative `_bucket` rows (label `le`, seconds), `_count` and a
-- `_milliseconds_sum` in whole ms (an integer sum stays exact; the reader divides by 1000).
-- The table comes from drizzle-kit; the rows and triggers are hand-written (drizzle-kit does not model triggers).
CREATE TABLE `metric_values` (
	`name` text NOT NULL,
	`labels` text NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`name`, `labels`)
);
--> statement-breakpoint
-- Finished jobs by status and the first error code of a failed job ("" for completed; "unknown" when the
-- errors hold no code; at most 64 characters, as an upstream API's codes are passed on), from the jobs
-- already finished.
INSERT INTO `metric_values` (`name`, `labels`, `value`)
SELECT 'ssg_jobs_finished_total', json_object('status', `status`, 'code', CASE WHEN `status` = 'completed' THEN ''
    ELSE coalesce(substr(CASE WHEN json_valid(`errors`) THEN CAST(json_extract(`errors`, '$[0].code') AS TEXT) END, 1, 64), 'unknown') END), count(*)
FROM `jobs` WHERE `status` IN ('completed', 'failed') GROUP BY 2;
--> statement-breakpoint
-- The histograms' rows, from the finished jobs that have a start (started_at; a job found at once is stamped
-- started = finished = created, so it counts wait 0 and run 0; a finished job without a start is left out of
-- both). Wait is created → started, run is started → finished, in seconds, never below 0. One pass over the
-- jobs per histogram: each job falls in the first bucket whose bound it does not pass, and a bucket row adds
-- up the jobs of its own and every lower bucket. The bounds are src/api/metrics/job-figures.ts JOB_DURATION_BUCKETS.
INSERT INTO `metric_values` (`name`, `labels`, `value`)
SELECT 'ssg_job_wait_seconds_bucket', json_object('le', b.column1), coalesce(sum(g.n), 0)
FROM (VALUES ('0.05'), ('0.1'), ('0.25'), ('0.5'), ('1'), ('2.5'), ('5'), ('10'), ('30'), ('60'), ('120'), ('300')) AS b
LEFT JOIN (
  SELECT CASE WHEN d <= 0.05 THEN 0.05 WHEN d <= 0.1 THEN 0.1 WHEN d <= 0.25 THEN 0.25 WHEN d <= 0.5 THEN 0.5 WHEN d <= 1 THEN 1
    WHEN d <= 2.5 THEN 2.5 WHEN d <= 5 THEN 5 WHEN d <= 10 THEN 10 WHEN d <= 30 THEN 30 WHEN d <= 60 THEN 60 WHEN d <= 120 THEN 120
    WHEN d <= 300 THEN 300 END AS le, count(*) AS n
  FROM (SELECT max(0, `started_at` - `created_at`) / 1000.0 AS d FROM `jobs`
        WHERE `status` IN ('completed', 'failed') AND `started_at` IS NOT NULL AND `finished_at` IS NOT NULL)
  GROUP BY 1
) AS g ON g.le <= CAST(b.column1 AS REAL)
GROUP BY b.column1;
--> statement-breakpoint
INSERT INTO `metric_values` (`name`, `labels`, `value`)
SELECT 'ssg_job_run_seconds_bucket', json_object('le', b.column1), coalesce(sum(g.n), 0)
FROM (VALUES ('0.05'), ('0.1'), ('0.25'), ('0.5'), ('1'), ('2.5'), ('5'), ('10'), ('30'), ('60'), ('120'), ('300')) AS b
LEFT JOIN (
  SELECT CASE WHEN d <= 0.05 THEN 0.05 WHEN d <= 0.1 THEN 0.1 WHEN d <= 0.25 THEN 0.25 WHEN d <= 0.5 THEN 0.5 WHEN d <= 1 THEN 1
    WHEN d <= 2.5 THEN 2.5 WHEN d <= 5 THEN 5 WHEN d <= 10 THEN 10 WHEN d <= 30 THEN 30 WHEN d <= 60 THEN 60 WHEN d <= 120 THEN 120
    WHEN d <= 300 THEN 300 END AS le, count(*) AS n
  FROM (SELECT max(0, `finished_at` - `started_at`) / 1000.0 AS d FROM `jobs`
        WHERE `status` IN ('completed', 'failed') AND `started_at` IS NOT NULL AND `finished_at` IS NOT NULL)
  GROUP BY 1
) AS g ON g.le <= CAST(b.column1 AS REAL)
GROUP BY b.column1;
--> statement-breakpoint
INSERT INTO `metric_values` (`name`, `labels`, `value`)
SELECT m.column1, '{}', CASE m.column1
    WHEN 'ssg_job_wait_milliseconds_sum' THEN coalesce(sum(max(0, j.`started_at` - j.`created_at`)), 0)
    WHEN 'ssg_job_run_milliseconds_sum' THEN coalesce(sum(max(0, j.`finished_at` - j.`started_at`)), 0)
    ELSE count(j.`id`) END
FROM (VALUES ('ssg_job_wait_seconds_count'), ('ssg_job_wait_milliseconds_sum'), ('ssg_job_run_seconds_count'), ('ssg_job_run_milliseconds_sum')) AS m
LEFT JOIN `jobs` AS j ON j.`status` IN ('completed', 'failed') AND j.`started_at` IS NOT NULL AND j.`finished_at` IS NOT NULL
GROUP BY m.column1;
--> statement-breakpoint
-- Webhook deliveries by status (a gauge: a row moves from pending to delivered or dropped), from the rows stored.
INSERT INTO `metric_values` (`name`, `labels`, `value`)
SELECT 'ssg_webhook_deliveries', json_object('status', s.column1), (SELECT count(*) FROM `webhook_deliveries` WHERE `status` = s.column1)
FROM (VALUES ('pending'), ('delivered'), ('dropped')) AS s;
--> statement-breakpoint
-- A job that becomes completed or failed (the queue on Bun, the Queues consumer, another process) is counted
-- once, with its durations; the same for a job inserted already finished (a duplicate found at once).
CREATE TRIGGER `metric_jobs_finish_update` AFTER UPDATE OF `status` ON `jobs`
WHEN NEW.`status` IN ('completed', 'failed') AND OLD.`status` NOT IN ('completed', 'failed') BEGIN
  INSERT INTO `metric_values` (`name`, `labels`, `value`)
  VALUES ('ssg_jobs_finished_total', json_object('status', NEW.`status`, 'code', CASE WHEN NEW.`status` = 'completed' THEN ''
    ELSE coalesce(substr(CASE WHEN json_valid(NEW.`errors`) THEN CAST(json_extract(NEW.`errors`, '$[0].code') AS TEXT) END, 1, 64), 'unknown') END), 1)
  ON CONFLICT (`name`, `labels`) DO UPDATE SET `value` = `value` + 1;
  UPDATE `metric_values` SET `value` = `value` + CASE `name`
      WHEN 'ssg_job_wait_milliseconds_sum' THEN max(0, NEW.`started_at` - NEW.`created_at`)
      WHEN 'ssg_job_run_milliseconds_sum' THEN max(0, NEW.`finished_at` - NEW.`started_at`)
      ELSE 1 END
  WHERE NEW.`started_at` IS NOT NULL AND NEW.`finished_at` IS NOT NULL AND (
    `name` IN ('ssg_job_wait_seconds_count', 'ssg_job_wait_milliseconds_sum', 'ssg_job_run_seconds_count', 'ssg_job_run_milliseconds_sum')
    OR (`name` = 'ssg_job_wait_seconds_bucket' AND CAST(json_extract(`labels`, '$.le') AS REAL) >= max(0, NEW.`started_at` - NEW.`created_at`) / 1000.0)
    OR (`name` = 'ssg_job_run_seconds_bucket' AND CAST(json_extract(`labels`, '$.le') AS REAL) >= max(0, NEW.`finished_at` - NEW.`started_at`) / 1000.0));
END;
--> statement-breakpoint
CREATE TRIGGER `metric_jobs_finish_insert` AFTER INSERT ON `jobs`
WHEN NEW.`status` IN ('completed', 'failed') BEGIN
  INSERT INTO `metric_values` (`name`, `labels`, `value`)
  VALUES ('ssg_jobs_finished_total', json_object('status', NEW.`status`, 'code', CASE WHEN NEW.`status` = 'completed' THEN ''
    ELSE coalesce(substr(CASE WHEN json_valid(NEW.`errors`) THEN CAST(json_extract(NEW.`errors`, '$[0].code') AS TEXT) END, 1, 64), 'unknown') END), 1)
  ON CONFLICT (`name`, `labels`) DO UPDATE SET `value` = `value` + 1;
  UPDATE `metric_values` SET `value` = `value` + CASE `name`
      WHEN 'ssg_job_wait_milliseconds_sum' THEN max(0, NEW.`started_at` - NEW.`created_at`)
      WHEN 'ssg_job_run_milliseconds_sum' THEN max(0, NEW.`finished_at` - NEW.`started_at`)
      ELSE 1 END
  WHERE NEW.`started_at` IS NOT NULL AND NEW.`finished_at` IS NOT NULL AND (
    `name` IN ('ssg_job_wait_seconds_count', 'ssg_job_wait_milliseconds_sum', 'ssg_job_run_seconds_count', 'ssg_job_run_milliseconds_sum')
    OR (`name` = 'ssg_job_wait_seconds_bucket' AND CAST(json_extract(`labels`, '$.le') AS REAL) >= max(0, NEW.`started_at` - NEW.`created_at`) / 1000.0)
    OR (`name` = 'ssg_job_run_seconds_bucket' AND CAST(json_extract(`labels`, '$.le') AS REAL) >= max(0, NEW.`finished_at` - NEW.`started_at`) / 1000.0));
END;
--> statement-breakpoint
-- Every error the pool records on a signing account sets `last_error_at` (a failed skin change or signature
-- read, a refused renewal, a token sealed with another key: src/api/signing/pool), so each such write counts
-- once under its code, whichever process made it. Counted from zero: past errors left no history.
CREATE TRIGGER `metric_pool_account_errors` AFTER UPDATE OF `last_error_at` ON `accounts`
WHEN NEW.`last_error_at` IS NOT NULL BEGIN
  INSERT INTO `metric_values` (`name`, `labels`, `value`)
  VALUES ('ssg_pool_account_errors_total', json_object('code', coalesce(substr(NEW.`last_error_code`, 1, 64), 'unknown')), 1)
  ON CONFLICT (`name`, `labels`) DO UPDATE SET `value` = `value` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metric_webhook_deliveries_insert` AFTER INSERT ON `webhook_deliveries` BEGIN
  INSERT INTO `metric_values` (`name`, `labels`, `value`) VALUES ('ssg_webhook_deliveries', json_object('status', NEW.`status`), 1)
  ON CONFLICT (`name`, `labels`) DO UPDATE SET `value` = `value` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metric_webhook_deliveries_update` AFTER UPDATE OF `status` ON `webhook_deliveries`
WHEN NEW.`status` IS NOT OLD.`status` BEGIN
  UPDATE `metric_values` SET `value` = `value` - 1 WHERE `name` = 'ssg_webhook_deliveries' AND `labels` = json_object('status', OLD.`status`);
  INSERT INTO `metric_values` (`name`, `labels`, `value`) VALUES ('ssg_webhook_deliveries', json_object('status', NEW.`status`), 1)
  ON CONFLICT (`name`, `labels`) DO UPDATE SET `value` = `value` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `metric_webhook_deliveries_delete` AFTER DELETE ON `webhook_deliveries` BEGIN
  UPDATE `metric_values` SET `value` = `value` - 1 WHERE `name` = 'ssg_webhook_deliveries' AND `labels` = json_object('status', OLD.`status`);
END;
