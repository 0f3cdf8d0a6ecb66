-- One stored copy per PNG. Every accepted upload used to be stored twice with
-- identical bytes: `images/<hash>` (for /v2/images/{hash}) and `textures/<hash>`. The API now stores
-- only `textures/<hash>` and serves both URLs from it; this removes the `images/` copies whose bytes
-- equal the texture of the same hash. Originals that differ (the uploader's bytes, kept before
-- uploads were re-encoded on accept) stay: /v2/images cleans them when served if no texture
-- exists. Hand-written: drizzle-kit does not model data changes. On D1 the table is empty (the API
-- Worker keeps blobs in R2).
-- The key range (not LIKE) lets SQLite walk the primary key: '0' follows '/'.
DELETE FROM `blobs`
WHERE `key` >= 'images/' AND `key` < 'images0'
  AND EXISTS (SELECT 1 FROM `blobs` AS t WHERE t.`key` = 'textures/' || substr(`blobs`.`key`, 8) AND t.`bytes` = `blobs`.`bytes`);
--> statement-breakpoint
-- The storage meter's running total starts again from the blobs really stored, at its next use.
DELETE FROM `stat_counters` WHERE `key` = 'storage:bytes';
