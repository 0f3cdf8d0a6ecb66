-- The operator console's 24 h job chart (issue 22 point 4): finish time and outcome read from the index alone.
CREATE INDEX `jobs_finished_status_idx` ON `jobs` (`finished_at`,`status`);
