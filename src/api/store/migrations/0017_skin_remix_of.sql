-- The skin a new skin was made from (generate option `remixOf`, docs/api.md "Remixes"): a plain uuid,
-- written once when the skin row is created.
ALTER TABLE `skins` ADD `remix_of` text;
