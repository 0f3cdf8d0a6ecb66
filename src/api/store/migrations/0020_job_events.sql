-- The job event log of GET /v2/queue/events (docs/api.md "Job events"): one row per job status change.
-- The rows are written by triggers on `jobs`, in the writing transaction, so whichever process changes a
-- job (the Bun queue, another process, the API Worker's Queues consumer) the log holds the change, and
-- the AUTOINCREMENT id follows commit order: a stream that has sent id N has seen every earlier change.
-- The table comes from drizzle-kit; the triggers are hand-written (drizzle-kit does not model triggers).
CREATE TABLE `job_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` text NOT NULL,
	`status` text NOT NULL,
	`user_id` text,
	`api_key_id` text,
	`client_id` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_events_user_idx` ON `job_events` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `job_events_key_idx` ON `job_events` (`api_key_id`,`id`);--> statement-breakpoint
CREATE INDEX `job_events_client_idx` ON `job_events` (`client_id`,`id`);--> statement-breakpoint
CREATE INDEX `job_events_at_idx` ON `job_events` (`at`);--> statement-breakpoint
CREATE TRIGGER `job_events_insert` AFTER INSERT ON `jobs`
BEGIN
  INSERT INTO job_events (job_id, status, user_id, api_key_id, client_id, at)
    VALUES (new.id, new.status, new.user_id, new.api_key_id, new.client_id, new.created_at);
END;
--> statement-breakpoint
CREATE TRIGGER `job_events_update` AFTER UPDATE OF status ON `jobs`
WHEN new.status IS NOT old.status
BEGIN
  INSERT INTO job_events (job_id, status, user_id, api_key_id, client_id, at)
    VALUES (new.id, new.status, new.user_id, new.api_key_id, new.client_id, coalesce(new.finished_at, new.started_at, new.created_at));
END;
